import { Button, Col, Flex, Form, Input, Row, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Template } from '@/features/alerts/api/get-templates';
import { useUpdateTemplateMutation, type TemplateUpdate } from '@/features/alerts/api/update-template';
import { TextPreview } from '@/features/alerts/components/text-preview';
import { useState } from 'react';

type Values = Required<Pick<TemplateUpdate, 'name' | 'bodyEn' | 'bodyAr'>> & Pick<TemplateUpdate, 'subjectEn' | 'subjectAr' | 'whatsappTemplateName'>;

const valuesOf = (template: Template): Values => ({
  name: template.name,
  subjectEn: template.subjectEn,
  subjectAr: template.subjectAr,
  bodyEn: template.bodyEn,
  bodyAr: template.bodyAr,
  whatsappTemplateName: template.whatsappTemplateName,
});

/**
 * One template's English and Arabic texts (and subjects for email, the Meta template's name for WhatsApp), each with
 * its live preview; Save sends them, and a refusal (an unknown variable) shows at its field. Read-only without Alerts edit.
 */
export function TemplateEditor({ template }: { template: Template }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Alerts', 'edit');
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const update = useUpdateTemplateMutation();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const email = template.channel === 'email';
  const event = template.event ?? null;

  const submit = (next: Values) =>
    update.mutate(
      { id: template._id, body: next },
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
      onValuesChange={() => setDirty(true)}
      disabled={!canEdit}
      aria-label={t('alerts.templates.editorOf', { name: template.name })}
    >
      <UnsavedChangesGuard when={dirty} />
      <Flex gap={4} wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('alerts.templates.variables')}</Typography.Text>
        {template.variables.map((variable) => (
          <Tooltip key={variable.name} title={variable.description}>
            <Tag>{`{{ ${variable.name} }}`}</Tag>
          </Tooltip>
        ))}
      </Flex>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('alerts.templates.name')} name="name" rules={[{ required: true, whitespace: true, message: t('alerts.templates.nameRequired') }]}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        {template.channel === 'whatsapp' && (
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.templates.whatsappName')} name="whatsappTemplateName" extra={t('alerts.templates.whatsappNameHint')}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
        )}
      </Row>
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
          <TextPreview channel={template.channel} event={event} language="en" subject={values?.subjectEn} body={values?.bodyEn ?? template.bodyEn} />
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
          <TextPreview channel={template.channel} event={event} language="ar" subject={values?.subjectAr} body={values?.bodyAr ?? template.bodyAr} />
        </Col>
      </Row>
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
