import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { SessionConflictModal } from '@/features/auth/components/session-conflict-modal';
import { clearLogoutReason, wasInactivityLogout } from '@/features/auth/lib/logout-reason';
import type { ConflictState } from '@/features/auth/lib/session-conflict';

export function LoginPage() {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [inactive] = useState(wasInactivityLogout);

  useEffect(() => {
    if (inactive) clearLogoutReason();
  }, [inactive]);

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {inactive && <Alert type="warning" title={t('session.loggedOutInactivity')} showIcon style={{ marginBottom: 16 }} />}
      <LoginForm onConflict={setConflict} />
      <SessionConflictModal conflict={conflict} onClose={() => setConflict(null)} />
    </AuthLayout>
  );
}
