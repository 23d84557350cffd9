import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@/components/use-toast';
import { useForgotPasswordMutation } from '@/features/auth/api/forgot-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormError } from '@/features/auth/components/form-error';
import { clearResetFlow, setResetEmail, startResendCooldown } from '@/features/auth/lib/reset-flow';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate, isPending } = useForgotPasswordMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ email }: { email: string }) => {
    setError(null);
    const trimmed = email.trim();
    mutate(
      { email: trimmed },
      {
        onSuccess: (result) => {
          clearResetFlow();
          setResetEmail(trimmed);
          startResendCooldown();
          toast.success(t('toast.codeSent'), result.message);
          navigate(paths.twoFa);
        },
        onError: (failure) => setError(errorMessage(failure, t('errors.requestFailed'))),
      },
    );
  };

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label={t('common.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('login.emailRequired') },
            { type: 'email', message: t('login.emailInvalid'), transform: (value: string) => value?.trim() },
          ]}
        >
          <Input autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={paths.login}>{t('common.backToSignIn')}</Link>
      </div>
    </AuthLayout>
  );
}
