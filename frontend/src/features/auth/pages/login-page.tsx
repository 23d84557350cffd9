import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginCodeForm } from '@/features/auth/components/login-code-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { SessionConflictModal } from '@/features/auth/components/session-conflict-modal';
import { clearLogoutReason, wasInactivityLogout } from '@/features/auth/lib/logout-reason';
import type { ConflictState } from '@/features/auth/lib/session-conflict';
import type { PendingCode } from '@/features/auth/lib/two-step';

export function LoginPage() {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [inactive] = useState(wasInactivityLogout);

  useEffect(() => {
    if (inactive) clearLogoutReason();
  }, [inactive]);

  const back = () => {
    setPending(null);
    setRecovery(false);
  };

  if (pending) {
    return (
      <AuthLayout
        title={t('twoStep.codeStepTitle')}
        subtitle={recovery ? t('twoStep.recoverySubtitle') : t('twoStep.codeStepSubtitle')}
      >
        <LoginCodeForm pending={pending} recovery={recovery} onRecoveryChange={setRecovery} onConflict={setConflict} onBack={back} />
        <SessionConflictModal conflict={conflict} onClose={() => setConflict(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {inactive && <Alert type="warning" title={t('session.loggedOutInactivity')} showIcon style={{ marginBottom: 16 }} />}
      <LoginForm onConflict={setConflict} onCodeNeeded={setPending} />
      <SessionConflictModal conflict={conflict} onClose={() => setConflict(null)} />
    </AuthLayout>
  );
}
