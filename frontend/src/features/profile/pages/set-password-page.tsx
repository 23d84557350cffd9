import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';

/**
 * Full page, before anything else, when the signed-in user's password was given by an administrator: a new
 * colleague's initial password or a reset (`mustChangePassword`; the server refuses everything else until then). Once changed, GET /api/auth/me is fetched again and the app continues.
 */
export function SetPasswordPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 460 }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('password.mustChangeTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('password.mustChangeIntro')}</Typography.Paragraph>
        <ChangePasswordForm submitText={t('password.mustChangeSubmit')} />
        {extra && <div style={{ marginTop: 16 }}>{extra}</div>}
      </Card>
    </Flex>
  );
}
