import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';

export function ChangePasswordCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('password.changeTitle')}>
      <ChangePasswordForm submitText={t('password.changeSubmit')} />
    </Card>
  );
}
