import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@/components/use-toast';
import { useResetPasswordMutation, type ResetPasswordRequest } from '@/features/auth/api/reset-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormError } from '@/features/auth/components/form-error';
import { clearResetFlow, clearResetToken, getResetToken } from '@/features/auth/lib/reset-flow';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';

const MIN_PASSWORD = 8;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate, isPending } = useResetPasswordMutation();
  const [error, setError] = useState<string | null>(() => (getResetToken() ? null : t('errors.tokenMissing')));

  const onFinish = (body: ResetPasswordRequest) => {
    const resetToken = getResetToken();
    if (!resetToken) {
      setError(t('errors.tokenMissing'));
      return;
    }
    setError(null);
    mutate(
      { body, resetToken },
      {
        onSuccess: () => {
          clearResetFlow();
          toast.success(t('reset.success'));
          navigate(paths.login, { replace: true });
        },
        onError: (failure) => {
          const message = errorMessage(failure, t('errors.resetFailed'));
          if (/token/i.test(message)) clearResetToken();
          setError(message);
        },
      },
    );
  };

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form<ResetPasswordRequest> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label={t('reset.newPassword')}
          name="password"
          rules={[
            { required: true, message: t('reset.passwordRequired') },
            { min: MIN_PASSWORD, message: t('reset.passwordTooShort') },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('reset.confirmPassword')}
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('reset.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('reset.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={paths.login}>{t('common.backToSignIn')}</Link>
      </div>
    </AuthLayout>
  );
}
