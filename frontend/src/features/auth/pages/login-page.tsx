import { Alert } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginCodeForm } from '@/features/auth/components/login-code-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { clearLogoutReason, signOutNotice, wasInactivityLogout } from '@/features/auth/lib/logout-reason';
import type { ConflictState } from '@/features/auth/lib/session-conflict';
import type { PendingCode } from '@/features/auth/lib/two-step';
import '@/lib/i18n/strings/two-step';

// The session-conflict dialog (Descriptions, Modal: about 8 kB gzip) is loaded when a sign-in meets another session.
const SessionConflictModal = lazy(async () => ({
  default: (await import('@/features/auth/components/session-conflict-modal')).SessionConflictModal,
}));

/** The dialog once a conflict has happened; it stays mounted after that so that it closes with its animation. */
function SessionConflict({ conflict, onClose }: { conflict: ConflictState | null; onClose: () => void }) {
  const [needed, setNeeded] = useState(false);
  if (conflict && !needed) setNeeded(true);
  if (!needed && !conflict) return null;
  return (
    <Suspense fallback={null}>
      <SessionConflictModal conflict={conflict} onClose={onClose} />
    </Suspense>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [inactive] = useState(wasInactivityLogout);
  const [notice] = useState(signOutNotice);

  useEffect(() => {
    if (inactive || notice) clearLogoutReason();
  }, [inactive, notice]);

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
        <SessionConflict conflict={conflict} onClose={() => setConflict(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {inactive && <Alert type="warning" title={t('session.loggedOutInactivity')} showIcon style={{ marginBottom: 16 }} />}
      {notice && !inactive && <Alert type="info" title={notice} showIcon style={{ marginBottom: 16 }} />}
      <LoginForm onConflict={setConflict} onCodeNeeded={setPending} />
      <SessionConflict conflict={conflict} onClose={() => setConflict(null)} />
    </AuthLayout>
  );
}
