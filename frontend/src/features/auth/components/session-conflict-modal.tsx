import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCodeNeeded } from '@/features/auth/api/login';
import { useLoginCodeMutation } from '@/features/auth/api/login-code';
import { useLogoutSessionMutation } from '@/features/auth/api/logout-session';
import { useSignIn } from '@/features/auth/hooks/use-sign-in';
import type { ConflictState } from '@/features/auth/lib/session-conflict';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import '@/lib/i18n/strings/two-step';

interface SessionConflictModalProps {
  conflict: ConflictState | null;
  onClose: () => void;
}

/** The 409 on login: shows the other session and offers to end it and sign in here. */
export function SessionConflictModal({ conflict, onClose }: SessionConflictModalProps) {
  const { t } = useTranslation();
  const { mutate, isPending } = useLogoutSessionMutation();
  const withCode = useLoginCodeMutation();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const endOtherSession = () => {
    if (!conflict) return;
    setError(null);
    const onError = (failure: unknown) => setError(errorMessage(failure, t('errors.sessionTerminationFailed')));
    if (conflict.challenge && conflict.code) {
      // Two-step sign-in: the accepted code ends the other session (the 409 did not use it up).
      withCode.mutate(
        { challenge: conflict.challenge, code: conflict.code, endOtherSession: true },
        { onSuccess: (result) => signIn(result, conflict.remember), onError },
      );
      return;
    }
    mutate(
      { email: conflict.email, password: conflict.password },
      {
        onSuccess: (result) => {
          if (isCodeNeeded(result)) setError(t('twoStep.signInAgain'));
          else signIn(result, conflict.remember);
        },
        onError,
      },
    );
  };

  const data = conflict?.data;
  return (
    <Modal
      open={conflict !== null}
      title={t('conflict.title')}
      okText={t('conflict.endAndContinue')}
      cancelText={t('common.cancel')}
      onOk={endOtherSession}
      onCancel={close}
      confirmLoading={isPending || withCode.isPending}
      mask={{ closable: false }}
      centered
    >
      <Typography.Paragraph>{conflict?.message || t('conflict.intro')}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'device', label: t('conflict.device'), children: data?.deviceName },
          { key: 'os', label: t('conflict.operatingSystem'), children: data?.operatingSystem },
          { key: 'browser', label: t('conflict.browser'), children: data?.browserName },
          { key: 'ip', label: t('conflict.ipAddress'), children: data?.ipAddress },
          { key: 'last', label: t('conflict.lastActive'), children: formatDateTime(data?.lastActiveAt) },
        ]}
      />
      {error && <Alert type="error" title={error} showIcon style={{ marginTop: 16 }} />}
    </Modal>
  );
}
