import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { SetUpTwoStepPage } from '@/features/profile/pages/set-up-two-step-page';
import '@/lib/i18n/strings/two-step';

/** The full-page 'Set up two-step sign-in' that a role requiring it shows first, with a way to sign out instead. */
export function MustSetUpTwoStep() {
  const { t } = useTranslation();
  const { logout, isPending } = useLogout();
  return (
    <SetUpTwoStepPage
      extra={
        <Button type="link" onClick={() => void logout()} loading={isPending} style={{ paddingInline: 0 }}>
          {t('topBar.logout')}
        </Button>
      }
    />
  );
}
