import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { User } from '@/features/users/api/get-users';
import { useResetUserPasswordMutation } from '@/features/users/api/reset-user-password';

/** Asks first, then has Gavel mail the user a temporary password; the answer's message is toasted. */
export function ResetPasswordAction({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const { mutateAsync } = useResetUserPasswordMutation();
  const reset = () =>
    mutateAsync(user._id).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => showError(error, t('errors.resetUserPasswordFailed')),
    );
  return (
    <ConfirmButton
      type="text"
      icon={<KeyOutlined />}
      aria-label={t('users.resetPasswordNamed', { name: user.fullName })}
      title={t('users.resetPasswordTitle')}
      message={t('users.resetPasswordMessage', { name: user.fullName, email: user.email })}
      onConfirm={reset}
    >
      {null}
    </ConfirmButton>
  );
}
