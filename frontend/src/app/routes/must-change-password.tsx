import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { SetPasswordPage } from '@/features/profile/pages/set-password-page';

/** The full-page 'Choose your password' form, with a way to sign out instead. */
export function MustChangePassword() {
  const { t } = useTranslation();
  const { logout, isPending } = useLogout();
  return (
    <SetPasswordPage
      extra={
        <Button type="link" onClick={() => void logout()} loading={isPending} style={{ paddingInline: 0 }}>
          {t('topBar.logout')}
        </Button>
      }
    />
  );
}
