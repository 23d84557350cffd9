import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { User } from '@/features/users/api/get-users';
import { useResetTwoStepMutation } from '@/features/users/api/reset-two-step';

/** For a user who lost their phone and their recovery codes: asks first, then turns their two-step sign-in off
 *  and signs them out (the backend refuses one's own: that is turned off from the profile). */
export function ResetTwoStepAction({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const { mutateAsync } = useResetTwoStepMutation();
  const reset = () =>
    mutateAsync(user._id).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => showError(error, t('errors.resetTwoStepFailed')),
    );
  return (
    <ConfirmButton
      type="text"
      danger
      icon={<SafetyOutlined />}
      aria-label={t('users.resetTwoStepNamed', { name: user.fullName })}
      title={t('users.resetTwoStepTitle')}
      message={t('users.resetTwoStepMessage', { name: user.fullName })}
      onConfirm={reset}
    >
      {null}
    </ConfirmButton>
  );
}
