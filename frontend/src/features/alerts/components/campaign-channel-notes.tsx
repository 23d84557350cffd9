import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CampaignOptions } from '@/features/alerts/api/get-campaign-options';
import type { Channel } from '@/features/alerts/api/get-messages';
import type { Template } from '@/features/alerts/api/get-templates';
import { channelLabel } from '@/features/alerts/lib/channels';
import { QUIET_FROM, QUIET_UNTIL } from '@/features/alerts/lib/quiet-hours';

interface ChannelRefusalProps {
  channel: Channel;
  options: CampaignOptions | undefined;
  /** Saves the campaign as a draft (sending it is refused until the channel is ready); none: no draft can be kept. */
  onSaveDraft: (() => void) | undefined;
  saving: boolean;
}

/** Why the server would refuse to send a campaign on the channel now (no promotional sender, no public address), before Send. */
export function ChannelRefusal({ channel, options, onSaveDraft, saving }: ChannelRefusalProps) {
  const { t } = useTranslation();
  const readiness = options?.channels[channel];
  if (!readiness || readiness.ready) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={t('alerts.campaigns.refused', { channel: channelLabel(channel) })}
      description={readiness.reason ?? undefined}
      action={
        onSaveDraft && (
          <Button size="small" onClick={onSaveDraft} loading={saving}>
            {t('alerts.campaigns.saveDraft')}
          </Button>
        )
      }
    />
  );
}

/**
 * What a promotion on the channel carries and when it goes out: an SMS leaves from the promotional sender with the
 * opt-out text of Settings → Business; SMS and WhatsApp wait for the end of the quiet hours; an email carries an
 * unsubscribe link.
 */
export function ChannelNotes({ channel, options }: { channel: Channel; options: CampaignOptions | undefined }) {
  const { t } = useTranslation();
  const hours = { from: options?.quietFrom ?? QUIET_FROM, until: options?.quietUntil ?? QUIET_UNTIL };
  const sender = options?.channels.sms.sender;
  const notes =
    channel === 'sms'
      ? [...(sender ? [t('alerts.campaigns.sentFrom', { sender })] : []), t('alerts.campaigns.smsRules', hours)]
      : channel === 'whatsapp'
        ? [t('alerts.campaigns.whatsappRules', hours)]
        : [t('alerts.campaigns.unsubscribeLink')];
  return (
    <Alert
      type="info"
      showIcon
      role="note"
      title={
        <>
          {notes.map((note) => (
            <div key={note}>{note}</div>
          ))}
        </>
      }
    />
  );
}

/**
 * What the WhatsApp provider in effect needs of the picked template, as Send checks it: Meta sends it by its approved
 * name, Twilio by its Content SID in each language; the local outbox needs neither (its Meta name is said if it has one).
 */
export function whatsappTemplateNote(template: Template, provider: string | undefined, t: TFunction): string | null {
  if (provider === 'twilio') {
    const missing = [template.twilioContentSidEn ? null : 'en', template.twilioContentSidAr ? null : 'ar'].filter((language) => language !== null);
    if (missing.length === 0) return t('alerts.campaigns.twilioTemplate');
    return t('alerts.campaigns.noContentSid', { languages: t(`alerts.campaigns.languages.${missing.length === 2 ? 'both' : (missing[0] as 'en' | 'ar')}`) });
  }
  if (template.whatsappTemplateName) return t('alerts.campaigns.metaTemplate', { name: template.whatsappTemplateName });
  return provider === 'meta' ? t('alerts.campaigns.noMetaTemplate') : null;
}
