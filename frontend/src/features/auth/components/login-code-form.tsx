import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginCodeMutation } from '@/features/auth/api/login-code';
import { FormError } from '@/features/auth/components/form-error';
import { useSignIn } from '@/features/auth/hooks/use-sign-in';
import { sessionConflictOf, type ConflictState } from '@/features/auth/lib/session-conflict';
import type { PendingCode } from '@/features/auth/lib/two-step';
import { errorMessage } from '@/lib/error-message';

interface LoginCodeFormProps {
  pending: PendingCode;
  /** Shows the recovery-code field instead of the authenticator code. */
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  onConflict: (conflict: ConflictState) => void;
  onBack: () => void;
}

/** The second step of two-step sign-in: a code of the authenticator app, or a recovery code. */
export function LoginCodeForm({ pending, recovery, onRecoveryChange, onConflict, onBack }: LoginCodeFormProps) {
  const { t } = useTranslation();
  const { mutate, isPending } = useLoginCodeMutation();
  const signIn = useSignIn();
  const [form] = Form.useForm<{ code: string }>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ code }: { code: string }) => {
    setError(null);
    const entered = code.trim();
    mutate(
      { challenge: pending.challenge, code: entered, endOtherSession: false },
      {
        onSuccess: (result) => signIn(result, pending.remember),
        onError: (failure) => {
          const conflict = sessionConflictOf(failure);
          if (conflict) {
            onConflict({ ...conflict, ...pending, code: entered });
            return;
          }
          setError(errorMessage(failure, t('twoStep.codeFailed')));
          form.resetFields();
        },
      },
    );
  };

  const toggle = () => {
    setError(null);
    form.resetFields();
    onRecoveryChange(!recovery);
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      {recovery ? (
        <Form.Item
          key="recovery"
          label={t('twoStep.recoveryCode')}
          name="code"
          rules={[{ required: true, whitespace: true, message: t('twoStep.recoveryCodeRequired') }]}
        >
          <Input autoComplete="off" maxLength={40} autoFocus />
        </Form.Item>
      ) : (
        <Form.Item
          key="app"
          label={t('twoStep.code')}
          name="code"
          rules={[
            { required: true, whitespace: true, message: t('twoStep.codeRequired') },
            { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('twoStep.codeInvalid') },
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} autoFocus />
        </Form.Item>
      )}
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('twoStep.verify')}
      </Button>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }}>
          {t('twoStep.backToPassword')}
        </Button>
        <Button type="link" onClick={toggle} style={{ paddingInline: 0 }}>
          {recovery ? t('twoStep.useAuthenticator') : t('twoStep.useRecoveryCode')}
        </Button>
      </Flex>
    </Form>
  );
}
