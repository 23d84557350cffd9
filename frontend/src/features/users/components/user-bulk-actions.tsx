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
import { statusOptions } from '@/features/users/lib/user-status';

/** For the selected users: a new account status (Active, Suspended, inActive) and delete, each by privilege. */
export function UserBulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Users', 'updateStatus');
  const canDelete = useCan('Users', 'delete');
  const status = useUpdateAccountStatusMutation();
  const remove = useDeleteUsersMutation();

  const changeStatus = (userAccountStatus: AccountStatus) =>
    status.mutate(
      { ids, userAccountStatus },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (error) => showError(error, t('errors.updateUserStatusFailed')),
      },
    );
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
