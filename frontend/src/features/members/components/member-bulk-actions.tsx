import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteMembersMutation } from '@/features/members/api/delete-members';
import type { MemberStatus } from '@/features/members/api/get-members';
import { useChangeMemberStatus } from '@/features/members/components/use-change-member-status';
import { LIST_STATUS, type MemberListName } from '@/features/members/lib/member-lists';
import { membersSubject, transitionOptions } from '@/features/members/lib/member-status';

interface MemberBulkActionsProps {
  list: MemberListName;
  ids: string[];
  onDone: () => void;
}

/** For the selected members: the transitions their list allows (confirmed as for one member), and delete after confirmation. */
export function MemberBulkActions({ list, ids, onDone }: MemberBulkActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Members', 'updateStatus');
  const canDelete = useCan('Members', 'delete');
  const status = useChangeMemberStatus();
  const remove = useDeleteMembersMutation();

  const deleteSelected = () =>
    remove.mutateAsync(ids).then(
      (answer) => {
        toast.success(answer.message);
        onDone();
      },
      (error: unknown) => showError(error, t('members.errors.deleteFailed')),
    );

  return (
    <>
      {canStatus && (
        <StatusDropdown<string[]>
          id={ids}
          column="status"
          options={transitionOptions(LIST_STATUS[list])}
          aria-label={t('members.changeStatusSelected')}
          subject={membersSubject(ids.length)}
          errorText={status.errorText}
          disabled={status.pending}
          onChange={(change) => status.change(ids, change.value as MemberStatus, change.reason, onDone)}
        />
      )}
      {canDelete && (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          title={t('members.deleteTitle')}
          message={t('members.deleteMessage', { count: ids.length })}
          onConfirm={deleteSelected}
        >
          {t('table.deleteSelected')}
        </ConfirmButton>
      )}
    </>
  );
}
