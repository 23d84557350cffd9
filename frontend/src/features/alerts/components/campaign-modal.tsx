import { Alert, Col, Divider, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { DateInput, dateRules } from '@/components/date-input';
import { FormModal } from '@/components/form-modal';
import { useToast } from '@/components/use-toast';
import { useCreateAndSendCampaignMutation } from '@/features/alerts/api/create-and-send-campaign';
import type { Campaign } from '@/features/alerts/api/get-campaigns';
import type { Channel } from '@/features/alerts/api/get-messages';
import { useQuietHours } from '@/features/alerts/api/get-quiet-hours';
import { useTemplates } from '@/features/alerts/api/get-templates';
import { useSendCampaignMutation } from '@/features/alerts/api/send-campaign';
import { useUpdateCampaignMutation } from '@/features/alerts/api/update-campaign';
import { AudienceFields } from '@/features/alerts/components/audience-fields';
import { TextPreview } from '@/features/alerts/components/text-preview';
import { fromCampaign, newCampaignValues, toCampaignIn, toSendAt, type CampaignValues } from '@/features/alerts/lib/campaign-form';
import { channelLabel } from '@/features/alerts/lib/channels';
import { APP_TIME_ZONE } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { matchFieldErrors } from '@/lib/field-errors';
import { newRequestKey } from '@/lib/request-key';

/** The quiet hours' defaults (Settings, Business), used while the settings are loading or the role may not read them. */
const QUIET_FROM = '21:00';
const QUIET_UNTIL = '08:00';

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * When promotional SMS and WhatsApp written at `now` go out: null when `now` (read in Dubai) is outside the quiet
 * hours from `from` until `until` (HH:MM, Dubai; they may span midnight), otherwise the next `until`.
 */
function quietEnd(now: Dayjs, from: string, until: string): Dayjs | null {
  const local = now.tz(APP_TIME_ZONE);
  const minute = local.hour() * 60 + local.minute();
  const start = minutesOf(from);
  const end = minutesOf(until);
  const quiet = start > end ? minute >= start || minute < end : start < end && minute >= start && minute < end;
  if (!quiet) return null;
  const today = local.startOf('day').add(end, 'minute');
  return minute < end ? today : today.add(1, 'day');
}

interface CampaignModalProps {
  channel: Channel;
  open: boolean;
  /** A draft to finish and send; none: a new campaign. */
  draft?: Campaign;
  onClose: () => void;
}

/**
 * 'New campaign': a name, a promotion template or free text in English and Arabic (subjects for email), each with its
 * preview, the audience with the count of consenting recipients, and Send now or at a Dubai time. A new campaign is
 * written and sent in one request, so a refusal (shown at its field or as the dialog's error) leaves no draft behind;
 * the request key made at each opening keeps a double click to one campaign. A draft is saved, then sent.
 */
export function CampaignModal({ channel, open, draft, onClose }: CampaignModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<CampaignValues>();
  const [failure, setFailure] = useState<string>();
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [shown, setShown] = useState({ open, draft });
  if (shown.open !== open || shown.draft !== draft) {
    setShown({ open, draft });
    setFailure(undefined);
    setRequestKey(newRequestKey());
  }
  const createAndSend = useCreateAndSendCampaignMutation();
  const update = useUpdateCampaignMutation();
  const send = useSendCampaignMutation();
  const templates = useTemplates(channel);
  const promotions = (templates.data?.data ?? []).filter((template) => template.event === null);
  // The quiet hours as Settings, Business has them (the defaults for a role that may not read the settings).
  const canReadSettings = useCan('Settings', 'view');
  const quiet = useQuietHours(canReadSettings);
  const quietFrom = quiet.data?.from ?? QUIET_FROM;
  const quietUntil = quiet.data?.until ?? QUIET_UNTIL;
  const initialValues = useMemo(() => (draft ? fromCampaign(draft) : newCampaignValues()), [draft]);
  const values = Form.useWatch([], form) as Partial<CampaignValues> | undefined;
  const email = channel === 'email';
  const picked = promotions.find((template) => template._id === values?.templateId);
  const templateHint =
    promotions.length === 0
      ? t('alerts.campaigns.noTemplates')
      : channel === 'whatsapp' && picked
        ? picked.whatsappTemplateName
          ? t('alerts.campaigns.metaTemplate', { name: picked.whatsappTemplateName })
          : t('alerts.campaigns.noMetaTemplate')
        : t('alerts.campaigns.templateHint');

  const pickTemplate = (id: string | undefined) => {
    const template = promotions.find((entry) => entry._id === id);
    if (template) form.setFieldsValue({ subjectEn: template.subjectEn, subjectAr: template.subjectAr, bodyEn: template.bodyEn, bodyAr: template.bodyAr });
  };

  const submit = async (next: CampaignValues) => {
    setFailure(undefined);
    try {
      const body = toCampaignIn(channel, next);
      const sendAt = toSendAt(next);
      const sent = draft
        ? await update.mutateAsync({ id: draft._id, body }).then((written) => send.mutateAsync({ id: written._id, sendAt }))
        : await createAndSend.mutateAsync({ ...body, sendAt, requestKey });
      // Written (now, or at the picked Dubai time) during the quiet hours: the toast says when the messages go out.
      const writtenAt = next.when === 'later' && next.sendAt ? dayjs.tz(next.sendAt.format('YYYY-MM-DDTHH:mm'), APP_TIME_ZONE) : dayjs();
      const waitsUntil = channel !== 'email' ? quietEnd(writtenAt, quietFrom, quietUntil) : null;
      toast.success(
        t(next.when === 'later' ? 'alerts.campaigns.scheduled' : 'alerts.campaigns.sending', { name: sent.name, count: sent.recipientCount }),
        waitsUntil ? t('alerts.campaigns.startsAt', { time: waitsUntil.format('HH:mm'), day: waitsUntil.format('DD/MM/YYYY') }) : undefined,
      );
      onClose();
    } catch (error) {
      const { fields, unmatched } = matchFieldErrors(
        error,
        form.getFieldsError().map((entry) => entry.name),
      );
      if (fields.length > 0) (form as FormInstance).setFields(fields);
      if (unmatched) setFailure(errorMessage(error, t('alerts.errors.campaignFailed')));
    }
  };

  return (
    <FormModal<CampaignValues>
      open={open}
      title={t(draft ? 'alerts.campaigns.editTitle' : 'alerts.campaigns.newTitle', { channel: channelLabel(channel) })}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      okText={values?.when === 'later' ? t('alerts.campaigns.schedule') : t('alerts.campaigns.sendNow')}
      width={960}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('alerts.campaigns.name')} name="name" rules={[{ required: true, whitespace: true, min: 2, message: t('alerts.campaigns.nameRequired') }]}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('alerts.campaigns.template')} name="templateId" extra={templateHint}>
            <Select
              allowClear
              virtual={false}
              aria-label={t('alerts.campaigns.template')}
              placeholder={t('alerts.campaigns.freeText')}
              disabled={promotions.length === 0}
              options={promotions.map((template) => ({
                value: template._id,
                label: channel === 'whatsapp' && template.whatsappTemplateName ? `${template.name} (${template.whatsappTemplateName})` : template.name,
              }))}
              onChange={(id?: string) => pickTemplate(id)}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          {email && (
            <Form.Item label={t('alerts.templates.subjectEn')} name="subjectEn" rules={[{ required: true, whitespace: true, message: t('alerts.templates.subjectRequired') }]}>
              <Input maxLength={300} />
            </Form.Item>
          )}
          <Form.Item label={t('alerts.templates.bodyEn')} name="bodyEn" rules={[{ required: true, whitespace: true, message: t('alerts.templates.bodyRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
          <TextPreview channel={channel} event={null} language="en" subject={values?.subjectEn} body={values?.bodyEn} promotion />
        </Col>
        <Col xs={24} lg={12}>
          {email && (
            <Form.Item label={t('alerts.templates.subjectAr')} name="subjectAr" rules={[{ required: true, whitespace: true, message: t('alerts.templates.subjectRequired') }]}>
              <Input maxLength={300} dir="rtl" lang="ar" />
            </Form.Item>
          )}
          <Form.Item label={t('alerts.templates.bodyAr')} name="bodyAr" rules={[{ required: true, whitespace: true, message: t('alerts.templates.bodyRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} dir="rtl" lang="ar" />
          </Form.Item>
          <TextPreview channel={channel} event={null} language="ar" subject={values?.subjectAr} body={values?.bodyAr} promotion />
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('alerts.campaigns.audience')}</Divider>
      <AudienceFields channel={channel} />
      <Divider titlePlacement="start">{t('alerts.campaigns.when')}</Divider>
      <Row gutter={16} align="top">
        <Col xs={24} md={12}>
          <Form.Item name="when" label={t('alerts.campaigns.when')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'now', label: t('alerts.campaigns.now') },
                { value: 'later', label: t('alerts.campaigns.later') },
              ]}
            />
          </Form.Item>
        </Col>
        {values?.when === 'later' && (
          <Col xs={24} md={12}>
            <Form.Item
              label={t('alerts.campaigns.sendAt')}
              name="sendAt"
              extra={t('alerts.campaigns.sendAtHint')}
              required
              rules={dateRules({ withTime: true, required: t('alerts.campaigns.sendAtRequired'), notBefore: 'now', beforeMessage: (now) => t('alerts.campaigns.sendAtPast', { now }) })}
            >
              <DateInput withTime />
            </Form.Item>
          </Col>
        )}
      </Row>
      {channel !== 'email' && <Alert type="info" showIcon title={t('alerts.campaigns.quietHours', { from: quietFrom, until: quietUntil })} />}
    </FormModal>
  );
}
