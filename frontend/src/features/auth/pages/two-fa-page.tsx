import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useVerifyOtpMutation } from '@/features/auth/api/verify-otp';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormError } from '@/features/auth/components/form-error';
import { ResendCodeButton } from '@/features/auth/components/resend-code-button';
import { getResetEmail, setResetToken } from '@/features/auth/lib/reset-flow';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';

export function TwoFaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email] = useState(getResetEmail);
  const { mutate, isPending } = useVerifyOtpMutation();
  const [error, setError] = useState<string | null>(null);

  if (!email) return <Navigate to={paths.forgotPassword} replace />;

  const onFinish = ({ otp }: { otp: string }) => {
    setError(null);
    mutate(
      { email, otp: otp.trim() },
      {
        onSuccess: (result) => {
          if (!result?.token) {
            setError(t('errors.noToken'));
            return;
          }
          setResetToken(result.token);
          navigate(paths.resetPassword);
        },
        onError: (failure) => setError(errorMessage(failure, t('errors.requestFailed'))),
      },
    );
  };

  return (
    <AuthLayout title={t('twoFa.title')} subtitle={t('twoFa.subtitle', { email })}>
      <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label={t('twoFa.code')}
          name="otp"
          rules={[
            { required: true, whitespace: true, message: t('twoFa.codeRequired') },
            { pattern: /^\s*\d{6}\s*$/, message: t('twoFa.codeInvalid') },
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {t('twoFa.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
        <Link to={paths.login}>{t('common.backToSignIn')}</Link>
        <ResendCodeButton email={email} onError={setError} />
      </Flex>
    </AuthLayout>
  );
}
