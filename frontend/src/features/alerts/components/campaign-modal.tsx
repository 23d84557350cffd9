import { Alert, Col, Divider, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, dateRules } from '@/components/date-input';
import { FormModal } from '@/components/form-modal';
import { useToast } from '@/components/use-toast';
import { useCreateAndSendCampaignMutation } from '@/features/alerts/api/create-and-send-campaign';
import { useCreateCampaignMutation } from '@/features/alerts/api/create-campaign';
import { useCampaignOptions } from '@/features/alerts/api/get-campaign-options';
import type { Campaign } from '@/features/alerts/api/get-campaigns';
import type { Channel } from '@/features/alerts/api/get-messages';
import { useTemplates } from '@/features/alerts/api/get-templates';
import { useSendCampaignMutation } from '@/features/alerts/api/send-campaign';
import { useUpdateCampaignMutation } from '@/features/alerts/api/update-campaign';
import { AudienceFields } from '@/features/alerts/components/audience-fields';
import { ChannelNotes, ChannelRefusal, whatsappTemplateNote } from '@/features/alerts/components/campaign-channel-notes';
import { TextPreview } from '@/features/alerts/components/text-preview';
import { fromCampaign, newCampaignValues, toCampaignIn, toSendAt, type CampaignValues } from '@/features/alerts/lib/campaign-form';
import { channelLabel } from '@/features/alerts/lib/channels';
import { QUIET_FROM, QUIET_UNTIL, quietEnd } from '@/features/alerts/lib/quiet-hours';
import { APP_TIME_ZONE } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { newRequestKey } from '@/lib/request-key';
import { showFieldErrors } from '@/lib/show-field-errors';

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
 *
 * The campaign options say before Send what the server would refuse: a channel that is not ready (no promotional
 * SMS sender, no public address for the emails' unsubscribe link) shows why, and Send stays disabled while 'Save as
 * draft' keeps the work. WhatsApp takes an approved template only, its texts shown as they are; an SMS is counted
 * and previewed with the opt-out text the server appends.
 */
export function CampaignModal({ channel, open, draft, onClose }: CampaignModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<CampaignValues>();
  const [failure, setFailure] = useState<string>();
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const savingDraft = useRef(false);
  const [shown, setShown] = useState({ open, draft });
  if (shown.open !== open || shown.draft !== draft) {
    setShown({ open, draft });
    setFailure(undefined);
    setRequestKey(newRequestKey());
  }
  const createAndSend = useCreateAndSendCampaignMutation();
  const create = useCreateCampaignMutation();
  const update = useUpdateCampaignMutation();
  const send = useSendCampaignMutation();
  const templates = useTemplates(channel);
  const promotions = (templates.data?.data ?? []).filter((template) => template.event === null);
  const options = useCampaignOptions(open).data;
  const refused = options?.channels[channel].ready === false;
  const quietFrom = options?.quietFrom ?? QUIET_FROM;
  const quietUntil = options?.quietUntil ?? QUIET_UNTIL;
  const initialValues = useMemo(() => (draft ? fromCampaign(draft) : newCampaignValues()), [draft]);
  const values = Form.useWatch([], form) as Partial<CampaignValues> | undefined;
  const email = channel === 'email';
  // WhatsApp delivers promotions only through templates Meta approved: the template is required, its texts are shown as they are.
  const whatsapp = channel === 'whatsapp';
  const picked = promotions.find((template) => template._id === values?.templateId);
  const templateHint = whatsapp ? (
    <>
      <div>{t('alerts.campaigns.whatsappTemplatesOnly')}</div>
      {promotions.length === 0 ? (
        <div>{t('alerts.campaigns.noWhatsappTemplates')}</div>
      ) : (
        picked && <div>{whatsappTemplateNote(picked, options?.channels.whatsapp.provider, t)}</div>
      )}
    </>
  ) : promotions.length === 0 ? (
    t('alerts.campaigns.noTemplates')
  ) : (
    t('alerts.campaigns.templateHint')
  );

  const pickTemplate = (id: string | undefined) => {
    const template = promotions.find((entry) => entry._id === id);
    if (template) form.setFieldsValue({ subjectEn: template.subjectEn, subjectAr: template.subjectAr, bodyEn: template.bodyEn, bodyAr: template.bodyAr });
  };

  /** Shows a refusal at its fields, the rest as the dialog's error. */
  const showFailure = (error: unknown, fallback: string) => {
    const { unmatched } = showFieldErrors(form as FormInstance, error);
    if (unmatched) setFailure(errorMessage(error, fallback));
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
      showFailure(error, t('alerts.errors.campaignFailed'));
    }
  };

  /** 'Save as draft' while the channel refuses to send: the texts and audience checked and kept, sent later from the list. */
  const saveDraft = async () => {
    if (savingDraft.current) return; // a second click before the first is answered
    savingDraft.current = true;
    try {
      await writeDraft();
    } finally {
      savingDraft.current = false;
    }
  };
  const writeDraft = async () => {
    setFailure(undefined);
    const names = form
      .getFieldsError()
      .map((entry) => entry.name)
      .filter((name) => name[0] !== 'sendAt');
    let next: CampaignValues;
    try {
      next = { ...form.getFieldsValue(true), ...(await form.validateFields(names)) } as CampaignValues;
    } catch {
      return; // the fields say what is missing
    }
    try {
      const body = toCampaignIn(channel, next);
      const saved = draft ? await update.mutateAsync({ id: draft._id, body }) : await create.mutateAsync(body);
      toast.success(t('alerts.campaigns.draftSaved', { name: saved.name }));
      onClose();
    } catch (error) {
      showFailure(error, t('alerts.errors.draftFailed'));
    }
  };

  // WhatsApp's texts come with the template, which is required: no rule of their own.
  const bodyRules = whatsapp ? undefined : [{ required: true, whitespace: true, message: t('alerts.templates.bodyRequired') }];
  return (
    <FormModal<CampaignValues>
      open={open}
      title={t(draft ? 'alerts.campaigns.editTitle' : 'alerts.campaigns.newTitle', { channel: channelLabel(channel) })}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      okText={values?.when === 'later' ? t('alerts.campaigns.schedule') : t('alerts.campaigns.sendNow')}
      okDisabled={refused}
      width={960}
    >
      <ChannelRefusal
        channel={channel}
        options={options}
        // A WhatsApp draft needs a promotion template: with none there is nothing to keep.
        onSaveDraft={whatsapp && promotions.length === 0 ? undefined : () => void saveDraft()}
        saving={create.isPending || update.isPending}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('alerts.campaigns.name')} name="name" rules={[{ required: true, whitespace: true, min: 2, message: t('alerts.campaigns.nameRequired') }]}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('alerts.campaigns.template')}
            name="templateId"
            extra={templateHint}
            rules={whatsapp ? [{ required: true, message: t('alerts.campaigns.whatsappTemplateRequired') }] : undefined}
          >
            <Select
              allowClear={!whatsapp}
              virtual={false}
              aria-label={t('alerts.campaigns.template')}
              placeholder={whatsapp ? t('alerts.campaigns.chooseTemplate') : t('alerts.campaigns.freeText')}
              disabled={promotions.length === 0}
              options={promotions.map((template) => ({
                value: template._id,
                label: whatsapp && template.whatsappTemplateName ? `${template.name} (${template.whatsappTemplateName})` : template.name,
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
          <Form.Item label={t('alerts.templates.bodyEn')} name="bodyEn" rules={bodyRules} extra={whatsapp ? t('alerts.campaigns.templateTexts') : undefined}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} readOnly={whatsapp} />
          </Form.Item>
          <TextPreview channel={channel} event={null} language="en" subject={values?.subjectEn} body={values?.bodyEn} promotion />
        </Col>
        <Col xs={24} lg={12}>
          {email && (
            <Form.Item label={t('alerts.templates.subjectAr')} name="subjectAr" rules={[{ required: true, whitespace: true, message: t('alerts.templates.subjectRequired') }]}>
              <Input maxLength={300} dir="rtl" lang="ar" />
            </Form.Item>
          )}
          <Form.Item label={t('alerts.templates.bodyAr')} name="bodyAr" rules={bodyRules}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} dir="rtl" lang="ar" readOnly={whatsapp} />
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
      <ChannelNotes channel={channel} options={options} />
    </FormModal>
  );
}
