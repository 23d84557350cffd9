import { Button, Col, Flex, Form, Input, Row, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { FormModal } from '@/components/form-modal';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateTemplateMutation } from '@/features/alerts/api/create-template';
import type { AlertEvent, Channel } from '@/features/alerts/api/get-messages';
import type { Template } from '@/features/alerts/api/get-templates';
import { useTemplatePreview } from '@/features/alerts/api/preview-template';
import { useUpdateTemplateMutation, type TemplateUpdate } from '@/features/alerts/api/update-template';
import { TextPreview } from '@/features/alerts/components/text-preview';
import { channelLabel } from '@/features/alerts/lib/channels';

type Values = Required<Pick<TemplateUpdate, 'name' | 'bodyEn' | 'bodyAr'>> &
  Pick<TemplateUpdate, 'subjectEn' | 'subjectAr' | 'whatsappTemplateName' | 'twilioContentSidEn' | 'twilioContentSidAr'>;

const valuesOf = (template: Template): Values => ({
  name: template.name,
  subjectEn: template.subjectEn,
  subjectAr: template.subjectAr,
  bodyEn: template.bodyEn,
  bodyAr: template.bodyAr,
  whatsappTemplateName: template.whatsappTemplateName,
  ...(template.channel === 'whatsapp' && template.event === null
    ? { twilioContentSidEn: template.twilioContentSidEn ?? null, twilioContentSidAr: template.twilioContentSidAr ?? null }
    : {}),
});

/** A Twilio Content SID as typed, trimmed; an empty one is none. */
const contentSid = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The body of a save: the Content SIDs only for a WhatsApp promotion template (the only ones that have them). */
function toTemplateBody(channel: Channel, event: AlertEvent | null, values: Values): Values {
  const { twilioContentSidEn, twilioContentSidAr, ...rest } = values;
  return channel === 'whatsapp' && event === null ? { ...rest, twilioContentSidEn: contentSid(twilioContentSidEn), twilioContentSidAr: contentSid(twilioContentSidAr) } : rest;
}

/** A Twilio Content SID: HX and 32 lower-case hexadecimal digits (spaces around it are trimmed when saved). */
const CONTENT_SID = /^\s*HX[0-9a-f]{32}\s*$/;

interface TemplateFieldsProps {
  channel: Channel;
  /** The event whose variables the texts may use; none: a promotion template's (member and business). */
  event: AlertEvent | null;
  variables: Template['variables'];
  values: Partial<Values> | undefined;
}

/**
 * The fields of a template (name, Meta template name for WhatsApp, subjects for email, both texts), each text with
 * its live preview; a WhatsApp promotion template also has its approved template's Content SIDs at Twilio.
 */
function TemplateFields({ channel, event, variables, values }: TemplateFieldsProps) {
  const { t } = useTranslation();
  const email = channel === 'email';
  const sidRules = [{ pattern: CONTENT_SID, message: t('alerts.templates.contentSidRule') }];
  return (
    <>
      {variables.length > 0 && (
        <Flex gap={4} wrap align="center" style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t('alerts.templates.variables')}</Typography.Text>
          {variables.map((variable) => (
            <Tooltip key={variable.name} title={variable.description}>
              <Tag>{`{{ ${variable.name} }}`}</Tag>
            </Tooltip>
          ))}
        </Flex>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('alerts.templates.name')} name="name" rules={[{ required: true, whitespace: true, message: t('alerts.templates.nameRequired') }]}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        {channel === 'whatsapp' && (
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.templates.whatsappName')} name="whatsappTemplateName" extra={t('alerts.templates.whatsappNameHint')}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {channel === 'whatsapp' && event === null && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.templates.contentSidEn')} name="twilioContentSidEn" rules={sidRules} extra={t('alerts.templates.contentSidHint')}>
              <Input maxLength={40} autoComplete="off" spellCheck={false} placeholder="HX…" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.templates.contentSidAr')} name="twilioContentSidAr" rules={sidRules}>
              <Input maxLength={40} autoComplete="off" spellCheck={false} placeholder="HX…" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          {email && (
            <Form.Item label={t('alerts.templates.subjectEn')} name="subjectEn" rules={[{ required: true, whitespace: true, message: t('alerts.templates.subjectRequired') }]}>
              <Input maxLength={300} />
            </Form.Item>
          )}
          <Form.Item label={t('alerts.templates.bodyEn')} name="bodyEn" rules={[{ required: true, whitespace: true, message: t('alerts.templates.bodyRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} />
          </Form.Item>
          <TextPreview channel={channel} event={event} language="en" subject={values?.subjectEn} body={values?.bodyEn} promotion={event === null} />
        </Col>
        <Col xs={24} lg={12}>
          {email && (
            <Form.Item label={t('alerts.templates.subjectAr')} name="subjectAr" rules={[{ required: true, whitespace: true, message: t('alerts.templates.subjectRequired') }]}>
              <Input maxLength={300} dir="rtl" lang="ar" />
            </Form.Item>
          )}
          <Form.Item label={t('alerts.templates.bodyAr')} name="bodyAr" rules={[{ required: true, whitespace: true, message: t('alerts.templates.bodyRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} dir="rtl" lang="ar" />
          </Form.Item>
          <TextPreview channel={channel} event={event} language="ar" subject={values?.subjectAr} body={values?.bodyAr} promotion={event === null} />
        </Col>
      </Row>
    </>
  );
}

interface TemplateEditorProps {
  template: Template;
  /** Told whenever the form gains or loses unsaved edits (the Templates tab asks before closing it). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * One template's English and Arabic texts (and subjects for email, the Meta template's name for WhatsApp), each with
 * its live preview; Save sends them, and a refusal (an unknown variable, a name already used) shows at its field.
 * Read-only without Alerts edit.
 */
export function TemplateEditor({ template, onDirtyChange }: TemplateEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Alerts', 'edit');
  const [form] = Form.useForm<Values>();
  const [dirty, setDirtyState] = useState(false);
  const update = useUpdateTemplateMutation();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const values = watched ?? valuesOf(template);
  const setDirty = (next: boolean) => {
    setDirtyState(next);
    onDirtyChange?.(next);
  };

  const submit = (next: Values) =>
    update.mutate(
      { id: template._id, body: toTemplateBody(template.channel, template.event ?? null, next) },
      {
        onSuccess: (saved) => {
          setDirty(false);
          form.setFieldsValue(valuesOf(saved));
          toast.success(t('alerts.templates.saved', { name: saved.name }));
        },
        onError: (error) => showError(error, t('alerts.errors.saveTemplateFailed'), form),
      },
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={valuesOf(template)}
      onFinish={submit}
      onValuesChange={() => {
        if (!dirty) setDirty(true);
      }}
      disabled={!canEdit}
      aria-label={t('alerts.templates.editorOf', { name: template.name })}
    >
      <UnsavedChangesGuard when={dirty} />
      <TemplateFields channel={template.channel} event={template.event ?? null} variables={template.variables} values={values} />
      {canEdit && (
        <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
          <Button
            onClick={() => {
              form.resetFields();
              setDirty(false);
            }}
          >
            {t('alerts.templates.discard')}
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('alerts.templates.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

const emptyValues: Values = { name: '', subjectEn: null, subjectAr: null, bodyEn: '', bodyAr: '', whatsappTemplateName: null, twilioContentSidEn: null, twilioContentSidAr: null };

interface NewTemplateModalProps {
  channel: Channel;
  open: boolean;
  onClose: () => void;
}

/**
 * 'New promotion template' (Alerts add): the fields of the editor with their live previews, for a template without
 * event that campaigns of the channel pick; its variables are a promotion's (the member's and the business's). A
 * refusal (an unknown variable, a name the channel already has) shows at its field.
 */
export function NewTemplateModal({ channel, open, onClose }: NewTemplateModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<Values>();
  const create = useCreateTemplateMutation();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  // The variables of a promotion, as the preview lists them (the same for every text of the channel).
  const variables = useTemplatePreview(open ? { channel, event: null, language: 'en', subject: null, body: '-' } : undefined).data?.variables ?? [];

  const submit = (next: Values) =>
    create.mutate(
      {
        channel,
        name: next.name,
        subjectEn: channel === 'email' ? (next.subjectEn ?? null) : null,
        subjectAr: channel === 'email' ? (next.subjectAr ?? null) : null,
        bodyEn: next.bodyEn,
        bodyAr: next.bodyAr,
        whatsappTemplateName: channel === 'whatsapp' ? next.whatsappTemplateName || null : null,
        ...(channel === 'whatsapp' ? { twilioContentSidEn: contentSid(next.twilioContentSidEn), twilioContentSidAr: contentSid(next.twilioContentSidAr) } : {}),
      },
      {
        onSuccess: (created) => {
          toast.success(t('alerts.templates.created', { name: created.name }));
          onClose();
        },
        onError: (error) => showError(error, t('alerts.errors.createTemplateFailed'), form),
      },
    );

  return (
    <FormModal<Values>
      open={open}
      title={t('alerts.templates.newTitle', { channel: channelLabel(channel) })}
      form={form}
      initialValues={emptyValues}
      onSubmit={submit}
      onCancel={onClose}
      okText={t('alerts.templates.create')}
      width={960}
    >
      <TemplateFields channel={channel} event={null} variables={variables} values={values} />
    </FormModal>
  );
}
