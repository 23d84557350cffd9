import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteUsersMutation } from '@/features/users/api/delete-users';
import type { AccountStatus } from '@/features/users/api/get-users';
import { useUpdateAccountStatusMutation } from '@/features/users/api/update-account-status';
import { statusOptions, usersSubject } from '@/features/users/lib/user-status';

/**
 * For the selected users: a new account status (Active at once; Suspended and inActive after a confirmation) and
 * delete, each by privilege.
 */
export function UserBulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Users', 'updateStatus');
  const canDelete = useCan('Users', 'delete');
  const status = useUpdateAccountStatusMutation();
  const remove = useDeleteUsersMutation();

  // A failure rejects the promise: the dropdown toasts it (a lock-out refusal names who blocked it).
  const changeStatus = (userAccountStatus: AccountStatus) =>
    status.mutateAsync({ ids, userAccountStatus }).then((answer) => {
      toast.success(answer.message);
      onDone();
    });
  const deleteSelected = () =>
    remove.mutateAsync(ids).then(
      (answer) => {
        toast.success(answer.message);
        onDone();
      },
      (error: unknown) => showError(error, t('errors.deleteUsersFailed')),
    );

  return (
    <>
      {canStatus && (
        <StatusDropdown<string[]>
          id={ids}
          column="userAccountStatus"
          options={statusOptions()}
          aria-label={t('users.changeStatus')}
          subject={usersSubject(ids.length)}
          errorText={t('errors.updateUserStatusFailed')}
          disabled={status.isPending}
          onChange={(change) => changeStatus(change.value as AccountStatus)}
        />
      )}
      {canDelete && (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          title={t('users.deleteTitle')}
          message={t('users.deleteMessage', { count: ids.length })}
          onConfirm={deleteSelected}
        >
          {t('table.deleteSelected')}
        </ConfirmButton>
      )}
    </>
  );
}
