import { Alert, Collapse, Flex, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { AlertEvent, Channel } from '@/features/alerts/api/get-messages';
import { useSwitches } from '@/features/alerts/api/get-switches';
import { useTemplates } from '@/features/alerts/api/get-templates';
import { useUpdateSwitchMutation } from '@/features/alerts/api/update-switch';
import { TemplateEditor } from '@/features/alerts/components/template-editor';
import { channelLabel } from '@/features/alerts/lib/channels';
import { eventLabel } from '@/features/alerts/lib/message-status';
import { errorMessage } from '@/lib/error-message';

/** Whether an event sends on the channel, switched here (Alerts edit). */
function EventSwitch({ event, channel }: { event: AlertEvent; channel: Channel }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Alerts', 'edit');
  const switches = useSwitches();
  const update = useUpdateSwitchMutation();
  const enabled = switches.data?.data.find((entry) => entry.event === event && entry.channel === channel)?.enabled ?? true;
  const name = eventLabel(event, 'event');
  return (
    // The header of the panel opens it on a click: the switch keeps its clicks.
    <span onClick={(click) => click.stopPropagation()} onKeyDown={(key) => key.stopPropagation()} role="presentation">
      <Switch
        aria-label={t('alerts.templates.switchOf', { event: name, channel: channelLabel(channel) })}
        checked={enabled}
        loading={switches.isPending || update.isPending}
        disabled={!canEdit}
        checkedChildren={t('alerts.templates.on')}
        unCheckedChildren={t('alerts.templates.off')}
        onChange={(next) =>
          update.mutate(
            { event, channel, enabled: next },
            {
              onSuccess: () => toast.success(t(next ? 'alerts.templates.switchedOn' : 'alerts.templates.switchedOff', { event: name, channel: channelLabel(channel) })),
              onError: (error) => showError(error, t('alerts.errors.switchFailed')),
            },
          )
        }
      />
    </span>
  );
}

/** 'Templates': the channel's template of every event (its on/off switch beside it), then its promotion templates; one opens to edit. */
export function TemplatesTab({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const query = useTemplates(channel);
  if (query.isPending) return <Spin aria-label={t('alerts.templates.loading')} />;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error, t('alerts.errors.templatesFailed'))} />;
  return (
    <Collapse
      accordion
      destroyOnHidden
      items={query.data.data.map((template) => ({
        key: template._id,
        label: (
          <Flex vertical>
            <Typography.Text strong>{template.event ? eventLabel(template.event, 'event') : template.name}</Typography.Text>
            <Typography.Text type="secondary">{template.description ?? t('alerts.templates.promotion')}</Typography.Text>
          </Flex>
        ),
        extra: template.event ? <EventSwitch event={template.event} channel={channel} /> : undefined,
        children: <TemplateEditor template={template} />,
      }))}
    />
  );
}
