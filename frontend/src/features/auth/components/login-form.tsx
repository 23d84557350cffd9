import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCodeNeeded, useLoginMutation } from '@/features/auth/api/login';
import { FormError } from '@/features/auth/components/form-error';
import { useSignIn } from '@/features/auth/hooks/use-sign-in';
import { sessionConflictOf, type ConflictState } from '@/features/auth/lib/session-conflict';
import type { PendingCode } from '@/features/auth/lib/two-step';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

interface LoginFormProps {
  onConflict: (conflict: ConflictState) => void;
  /** Two-step sign-in: the password was right and a code is needed next. */
  onCodeNeeded: (pending: PendingCode) => void;
}

export function LoginForm({ onConflict, onCodeNeeded }: LoginFormProps) {
  const { t } = useTranslation();
  const { mutate, isPending } = useLoginMutation();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ email, password, remember }: LoginValues) => {
    setError(null);
    const trimmed = email.trim();
    mutate(
      { email: trimmed, password, rememberMe: remember },
      {
        onSuccess: (result) => {
          if (isCodeNeeded(result)) onCodeNeeded({ challenge: result.challenge, email: trimmed, password, remember });
          else signIn(result, remember);
        },
        onError: (failure) => {
          const conflict = sessionConflictOf(failure);
          if (conflict) onConflict({ ...conflict, email: trimmed, password, remember });
          else setError(errorMessage(failure, t('errors.loginFailed')));
        },
      },
    );
  };

  return (
    <Form<LoginValues> layout="vertical" initialValues={{ remember: false }} onFinish={onFinish} requiredMark={false}>
      <Form.Item
        label={t('common.email')}
        name="email"
        rules={[
          { required: true, whitespace: true, message: t('login.emailRequired') },
          { type: 'email', message: t('login.emailInvalid'), transform: (value: string) => value?.trim() },
        ]}
      >
        <Input autoComplete="username" inputMode="email" autoFocus />
      </Form.Item>
      <Form.Item label={t('common.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.rememberMe')}</Checkbox>
        </Form.Item>
        <Link to={paths.forgotPassword}>{t('login.forgotPassword')}</Link>
      </Flex>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
