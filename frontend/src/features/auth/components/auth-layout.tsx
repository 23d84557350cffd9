import { Flex, theme } from 'antd';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '@/lib/i18n/language';
import { browserLanguage } from '@/lib/i18n/language-storage';
import { getToken } from '@/lib/token-storage';
import './auth-layout.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}

/**
 * The centred card of the public pages (sign in, forgot password, code, new password). Drawn with the theme's
 * tokens as Ant Design's Card and Typography draw it, without them: Card brings Tabs, Menu and Dropdown, Typography
 * Input and Tooltip, about 30 kB gzip the login page does not need (issue 16).
 */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Signed out (here after a sign-out, without a reload): the browser's language until a sign-in applies the user's.
  useEffect(() => {
    if (!getToken()) applyLanguage(browserLanguage(), { remember: false });
  }, []);
  const tokens = {
    '--auth-card-bg': token.colorBgContainer,
    '--auth-card-border': token.colorBorderSecondary,
    '--auth-card-radius': `${token.borderRadiusLG}px`,
    '--auth-card-padding': `${token.paddingLG}px`,
    '--auth-text': token.colorText,
    '--auth-heading': token.colorTextHeading,
    '--auth-secondary': token.colorTextDescription,
    '--auth-font': token.fontFamily,
    '--auth-font-size': `${token.fontSize}px`,
    '--auth-line-height': token.lineHeight,
    '--auth-heading-line-height': token.lineHeightHeading1,
    '--auth-strong': token.fontWeightStrong,
  } as CSSProperties;
  return (
    <main className="auth-layout" style={tokens}>
      <div className="auth-layout__card">
        <Flex vertical gap={4} className="auth-layout__header">
          <strong className="auth-layout__brand">{t('app.name')}</strong>
          <h1 className="auth-layout__title">{title}</h1>
          {subtitle && <span className="auth-layout__subtitle">{subtitle}</span>}
        </Flex>
        {children}
      </div>
    </main>
  );
}
