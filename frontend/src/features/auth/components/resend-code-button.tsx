import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { useToast } from '@/components/use-toast';
import { useResendOtpMutation } from '@/features/auth/api/resend-otp';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { getResendAvailableAt, RESEND_COOLDOWN_SECONDS, startResendCooldown } from '@/features/auth/lib/reset-flow';
import { errorMessage } from '@/lib/error-message';
import { formatCountdown } from '@/lib/session-timer';

interface ResendCodeButtonProps {
  email: string;
  onError: (message: string | null) => void;
}

function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const value = (error.body as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof value === 'number' && value > 0 ? value : null;
}

/** "Resend code", disabled while it counts down from the last send ("Resend code in 0:59"). */
export function ResendCodeButton({ email, onError }: ResendCodeButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutate, isPending } = useResendOtpMutation();
  const [availableAt, setAvailableAt] = useState(getResendAvailableAt);
  const secondsLeft = useCountdown(availableAt);

  const restart = (seconds: number) => {
    startResendCooldown(seconds);
    setAvailableAt(getResendAvailableAt());
  };
  const resend = () => {
    onError(null);
    mutate(
      { email },
      {
        onSuccess: (result) => {
          restart(result.cooldownSeconds || RESEND_COOLDOWN_SECONDS);
          toast.success(t('toast.codeSent'), result.message);
        },
        onError: (failure) => {
          const retryAfter = retryAfterOf(failure);
          if (retryAfter) restart(retryAfter);
          onError(errorMessage(failure, t('errors.requestFailed')));
        },
      },
    );
  };

  // Shown one second ahead ("0:59" for a fresh 60 s cooldown); the button enables when the time is really up.
  const label = secondsLeft > 0 ? t('twoFa.resendIn', { time: formatCountdown(Math.max(1, secondsLeft - 1)) }) : t('twoFa.resend');
  return (
    <Button type="link" onClick={resend} disabled={secondsLeft > 0} loading={isPending}>
      {label}
    </Button>
  );
}
