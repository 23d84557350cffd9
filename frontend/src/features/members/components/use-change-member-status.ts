import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { MemberStatus } from '@/features/members/api/get-members';
import { useUpdateMemberStatusMutation } from '@/features/members/api/update-member-status';

/**
 * Moves members to a status and toasts the server's answer: its message on success, its refusal (a 409 naming
 * the members that blocked the change) on failure. The lists and counts refresh through the query key.
 */
export function useChangeMemberStatus() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const mutation = useUpdateMemberStatusMutation();
  const change = (ids: string[], status: MemberStatus, onDone?: () => void) =>
    mutation.mutate(
      { ids, status },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone?.();
        },
        onError: (error) => showError(error, t('members.errors.updateFailed')),
      },
    );
  return { change, pending: mutation.isPending };
}
