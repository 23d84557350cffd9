import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Member } from '@/features/members/api/get-members';
import { useResetMemberPasswordMutation } from '@/features/members/api/reset-member-password';
import { displayName } from '@/features/members/lib/member-name';

/** Asks first, then has Gavel mail the member a temporary password; the server's answer is toasted. */
export function ResetMemberPasswordAction({ member }: { member: Member }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const { mutateAsync } = useResetMemberPasswordMutation();
  const reset = () =>
    mutateAsync(member._id).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => showError(error, t('members.errors.passwordFailed')),
    );
  return (
    <ConfirmButton
      icon={<KeyOutlined />}
      title={t('members.resetPasswordTitle')}
      message={t('members.resetPasswordMessage', { name: displayName(member), email: member.email })}
      onConfirm={reset}
    >
      {t('members.resetPassword')}
    </ConfirmButton>
  );
}
