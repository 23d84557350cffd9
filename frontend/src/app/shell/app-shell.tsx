import { Drawer, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppFooter } from '@/app/shell/app-footer';
import { Sidebar } from '@/app/shell/sidebar';
import { TopBar } from '@/app/shell/top-bar';
import { useThemeMode } from '@/app/theme/theme-context';
import { LoadingCar } from '@/components/loading-car';
import { SessionTimeout } from '@/features/auth/components/session-timeout';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import './shell.css';

/** Sidebar, top bar, page and footer. At 1024 px and below the sidebar is a drawer closed by a link click. */
export function AppShell() {
  const { t } = useTranslation();
  const { mode } = useThemeMode();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const brand = (
    <Typography.Text strong className="shell__brand">
      {t('app.name')}
    </Typography.Text>
  );

  return (
    <Layout className="shell">
      {mobile ? (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size={260} title={brand}>
          <Sidebar onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider className="shell__sider" width={240} collapsed={collapsed} collapsedWidth={64} theme={mode} trigger={null}>
          <div className="shell__brand-row">{brand}</div>
          <Sidebar collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <TopBar
          compact={mobile}
          menuOpen={mobile ? drawerOpen : !collapsed}
          onToggleMenu={() => (mobile ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed))}
        />
        <Layout.Content className="shell__content">
          <Outlet />
        </Layout.Content>
        <AppFooter />
      </Layout>
      <SessionTimeout />
      <LoadingCar />
    </Layout>
  );
}
