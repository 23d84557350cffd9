import { Button, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '@/lib/session-timer';

interface SessionTimeoutModalProps {
  /** null while the user is active, 0 once the countdown ran out. */
  secondsLeft: number | null;
  onStay: () => void;
  onLogout: () => void;
}

/** The 'Session Timeout' warning with its m:ss countdown; logs out by itself at zero. */
export function SessionTimeoutModal({ secondsLeft, onStay, onLogout }: SessionTimeoutModalProps) {
  const { t } = useTranslation();
  const loggedOut = useRef(false);
  const expired = secondsLeft === 0;

  const logoutOnce = () => {
    if (loggedOut.current) return;
    loggedOut.current = true;
    onLogout();
  };

  useEffect(() => {
    if (expired && !loggedOut.current) {
      loggedOut.current = true;
      onLogout();
    }
  }, [expired, onLogout]);

  return (
    <Modal
      open={secondsLeft !== null && secondsLeft > 0}
      title={t('session.timeoutTitle')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      centered
      footer={[
        <Button key="logout" onClick={logoutOnce}>
          {t('session.logout')}
        </Button>,
        <Button key="stay" type="primary" onClick={onStay}>
          {t('session.keepLoggedIn')}
        </Button>,
      ]}
    >
      <p style={{ margin: '0 0 1em' }}>{t('session.timeoutMessage')}</p>
      <div role="timer" aria-live="polite" style={{ textAlign: 'center', fontSize: 32, fontWeight: 600 }}>
        {formatCountdown(secondsLeft ?? 0)}
      </div>
    </Modal>
  );
}
