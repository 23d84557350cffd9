import { Alert, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useToast } from '@/components/use-toast';
import type { ConsentOptions, PromoChannel } from '@/features/members/api/get-consent-options';
import { useRecordConsentMutation } from '@/features/members/api/record-consent';
import { CONSENT_WORDING_MAX, methodsFor, newConsentValues, toConsentRequest, type ConsentValues } from '@/features/members/lib/consent-form';
import { errorMessage } from '@/lib/error-message';
import { showFieldErrors } from '@/lib/show-field-errors';

/** What the dialog records: a consent or a withdrawal on one channel (fixed by the button that opened it). */
export interface ConsentChoice {
  channel: PromoChannel;
  given: boolean;
}

interface MemberConsentDialogProps {
  memberId: string;
  /** The choice while open; null when closed. */
  choice: ConsentChoice | null;
  options: ConsentOptions | undefined;
  onClose: () => void;
}

/** The read-only line saying what is recorded; the server's 409 (already in that state) shows under it. */
function Recording({ value, channel }: { value?: boolean; channel: string }) {
  const { t } = useTranslation();
  return <Typography.Text strong>{value ? t('members.consent.dialog.consentTo', { channel }) : t('members.consent.dialog.withdrawalFrom', { channel })}</Typography.Text>;
}

/**
 * 'Record consent' / 'Record withdrawal' on one channel: how it was given (only the methods staff may use in that
 * direction; consent is never taken by phone or SMS) and the wording the member agreed to (the channel's usual
 * wording to start from; required for a consent, an optional note for a withdrawal). The server's refusals show at
 * their field: the method, the wording, or (already in that state) the line saying what is recorded.
 */
export function MemberConsentDialog({ memberId, choice, options, onClose }: MemberConsentDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<ConsentValues>();
  const record = useRecordConsentMutation();
  const [problem, setProblem] = useState<string>();
  // The last choice stays while the dialog closes, so its texts do not change under the closing dialog.
  const [shown, setShown] = useState<ConsentChoice | null>(choice);
  if (choice && choice !== shown) {
    setShown(choice);
    setProblem(undefined);
  }
  const channel = shown?.channel ?? 'sms';
  const given = shown?.given ?? true;
  const channelName = t(`members.consent.channels.${channel}`);
  const methods = methodsFor(options, given);

  const submit = (values: ConsentValues) => {
    setProblem(undefined);
    record.mutate(
      { memberId, body: toConsentRequest(values, channel) },
      {
        onSuccess: () => {
          toast.success(t(given ? 'members.consent.consentRecorded' : 'members.consent.withdrawalRecorded', { channel: channelName }));
          onClose();
        },
        onError: (error) => {
          const { unmatched } = showFieldErrors(form as FormInstance, error);
          if (unmatched) setProblem(errorMessage(error, t('members.consent.errors.recordFailed')));
        },
      },
    );
  };

  return (
    <FormModal<ConsentValues>
      open={choice !== null}
      title={t(given ? 'members.consent.dialog.consentTitle' : 'members.consent.dialog.withdrawalTitle', { channel: channelName })}
      form={form}
      initialValues={newConsentValues(options, channel, given)}
      onSubmit={submit}
      onCancel={onClose}
      loading={record.isPending}
      okText={t('members.consent.dialog.save')}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('members.consent.dialog.recording')} name="given">
        <Recording channel={channelName} />
      </Form.Item>
      <Form.Item
        label={t(given ? 'members.consent.dialog.method' : 'members.consent.dialog.methodWithdrawal')}
        name="method"
        rules={[{ required: true, message: t(given ? 'members.consent.dialog.methodRequired' : 'members.consent.dialog.methodRequiredWithdrawal') }]}
      >
        <Select options={methods.map((method) => ({ value: method.value, label: method.label }))} placeholder={t('members.consent.dialog.methodPlaceholder')} virtual={false} />
      </Form.Item>
      <Form.Item
        label={t(given ? 'members.consent.dialog.wording' : 'members.consent.dialog.note')}
        name="wording"
        extra={t(given ? 'members.consent.dialog.wordingHint' : 'members.consent.dialog.noteHint')}
        rules={given ? [{ required: true, whitespace: true, message: t('members.consent.dialog.wordingRequired') }] : []}
      >
        <Input.TextArea rows={4} maxLength={CONSENT_WORDING_MAX} />
      </Form.Item>
    </FormModal>
  );
}
