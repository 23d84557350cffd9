import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/use-toast';
import type { MemberStatus } from '@/features/members/api/get-members';
import { useUpdateMemberStatusMutation } from '@/features/members/api/update-member-status';

/**
 * Moves members to a status and toasts the server's answer. The promise rejects on failure so that the status
 * dropdown shows it: a missing reason at the confirmation's reason field, a refusal (a 409 naming the members
 * that blocked the change) in a toast with `errorText`. The lists and counts refresh through the query key.
 */
export function useChangeMemberStatus() {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateMemberStatusMutation();
  const change = (ids: string[], status: MemberStatus, reason?: string, onDone?: () => void) =>
    mutation.mutateAsync({ ids, status, ...(reason === undefined ? {} : { reason }) }).then((answer) => {
      toast.success(answer.message);
      onDone?.();
    });
  return { change, pending: mutation.isPending, errorText: t('members.errors.updateFailed') };
}
