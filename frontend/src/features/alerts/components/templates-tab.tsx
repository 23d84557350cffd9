import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Flex, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { DiscardChangesModal } from '@/components/discard-changes-modal';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { AlertEvent, Channel } from '@/features/alerts/api/get-messages';
import { useSwitches } from '@/features/alerts/api/get-switches';
import { useDeleteTemplateMutation } from '@/features/alerts/api/delete-template';
import { useTemplates, type Template } from '@/features/alerts/api/get-templates';
import { useUpdateSwitchMutation } from '@/features/alerts/api/update-switch';
import { NewTemplateModal, TemplateEditor } from '@/features/alerts/components/template-editor';
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

/** Delete of a promotion template, after asking (Alerts delete); the server's refusal (a campaign not yet sent uses it) is shown in its words. */
function DeleteTemplate({ template }: { template: Template }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const remove = useDeleteTemplateMutation();
  return (
    // The header of the panel opens it on a click: the button and its dialog keep their clicks.
    <span onClick={(click) => click.stopPropagation()} onKeyDown={(key) => key.stopPropagation()} role="presentation">
      <ConfirmButton
        danger
        size="small"
        icon={<DeleteOutlined />}
        aria-label={t('alerts.templates.deleteOne', { name: template.name })}
        title={t('alerts.templates.deleteTitle', { name: template.name })}
        message={t('alerts.templates.deleteMessage')}
        onConfirm={() =>
          remove.mutateAsync(template._id).then(
            (answer) => toast.success(answer.message),
            (error: unknown) => {
              showError(error, t('alerts.errors.deleteTemplateFailed'));
              throw error;
            },
          )
        }
      />
    </span>
  );
}

/**
 * 'Templates': the channel's template of every event (its on/off switch beside it), then its promotion templates
 * (Delete beside them); one opens to edit. 'New promotion template' writes another. Closing a template or opening
 * another while its form has unsaved edits asks 'Discard changes?' first.
 */
export function TemplatesTab({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const query = useTemplates(channel);
  const canAdd = useCan('Alerts', 'add');
  const canDelete = useCan('Alerts', 'delete');
  const [active, setActive] = useState<string>();
  const [dirty, setDirty] = useState(false);
  // The panel asked for while the open one has edits (null: close it); undefined: nothing asked.
  const [asked, setAsked] = useState<string | null>();
  const [creating, setCreating] = useState(false);
  if (query.isPending) return <Spin aria-label={t('alerts.templates.loading')} />;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error, t('alerts.errors.templatesFailed'))} />;

  const open = (key: string | null) => {
    setActive(key ?? undefined);
    setDirty(false);
  };
  const change = (keys: string | string[]) => {
    const next = (Array.isArray(keys) ? keys[0] : keys) ?? null;
    if (dirty && active !== undefined && next !== active) setAsked(next);
    else open(next);
  };

  return (
    <Flex vertical gap={16}>
      {canAdd && (
        <Flex justify="end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('alerts.templates.newPromotion')}
          </Button>
        </Flex>
      )}
      <Collapse
        accordion
        destroyOnHidden
        activeKey={active}
        onChange={change}
        items={query.data.data.map((template) => ({
          key: template._id,
          label: (
            <Flex vertical>
              <Typography.Text strong>{template.event ? eventLabel(template.event, 'event') : template.name}</Typography.Text>
              <Typography.Text type="secondary">{template.description ?? t('alerts.templates.promotion')}</Typography.Text>
              {!template.event && template.whatsappTemplateName && (
                <Typography.Text type="secondary">{t('alerts.templates.metaName', { name: template.whatsappTemplateName })}</Typography.Text>
              )}
            </Flex>
          ),
          extra: template.event ? <EventSwitch event={template.event} channel={channel} /> : canDelete ? <DeleteTemplate template={template} /> : undefined,
          children: <TemplateEditor template={template} onDirtyChange={setDirty} />,
        }))}
      />
      <DiscardChangesModal
        open={asked !== undefined}
        onKeep={() => setAsked(undefined)}
        onDiscard={() => {
          open(asked ?? null);
          setAsked(undefined);
        }}
      />
      <NewTemplateModal channel={channel} open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
