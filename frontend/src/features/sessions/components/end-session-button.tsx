import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useEndStaffSessionMutation } from '@/features/sessions/api/end-staff-session';
import type { StaffSession } from '@/features/sessions/api/get-staff-sessions';

/** Asks first, then ends someone else's session; the server's answer (or its refusal) is toasted. An icon, its name as the tooltip (one line in the table's row). */
export function EndSessionButton({ row }: { row: StaffSession }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const { mutateAsync } = useEndStaffSessionMutation();
  const end = () =>
    mutateAsync(row._id).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => showError(error, t('sessions.endFailed')),
    );
  return (
    <ConfirmButton
      danger
      size="small"
      icon={<LogoutOutlined />}
      aria-label={t('sessions.endNamed', { name: row.fullName })}
      title={t('sessions.endTitle')}
      message={t('sessions.endMessage', { name: row.fullName, email: row.email, browser: row.browserName, system: row.operatingSystem })}
      onConfirm={end}
    />
  );
}
