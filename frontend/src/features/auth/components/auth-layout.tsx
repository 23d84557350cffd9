import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth-layout.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card of the public pages (sign in, forgot password, code, new password). */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <main className="auth-layout">
      <Card className="auth-layout__card">
        <Flex vertical gap={4} className="auth-layout__header">
          <Typography.Text className="auth-layout__brand" strong>
            {t('app.name')}
          </Typography.Text>
          <Typography.Title level={1} className="auth-layout__title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </Flex>
        {children}
      </Card>
    </main>
  );
}
