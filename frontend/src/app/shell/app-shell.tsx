import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppFooter } from '@/app/shell/app-footer';
import { Sidebar } from '@/app/shell/sidebar';
import { TopBar } from '@/app/shell/top-bar';
import { useUserLanguage } from '@/app/shell/use-user-language';
import { useThemeMode } from '@/app/theme/theme-context';
import { LoadingCar } from '@/components/loading-car';
import { TableDensity } from '@/components/table-density';
import { SessionTimeout } from '@/features/auth/components/session-timeout';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import './shell.css';

// The drawer (about 4 kB gzip) only on small screens: fetched when the screen is small, shown once opened.
const loadMobileMenu = () => import('@/app/shell/mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** Sidebar, top bar, page and footer. At 1024 px and below the sidebar is a drawer closed by a link click. */
export function AppShell() {
  const { t } = useTranslation();
  const { mode } = useThemeMode();
  const mobile = useMediaQuery(MOBILE_QUERY);
  useUserLanguage();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  useEffect(() => {
    if (mobile) void loadMobileMenu();
  }, [mobile]);
  const brand = <strong className="shell__brand">{t('app.name')}</strong>;

  return (
    <Layout className="shell">
      {mobile ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <MobileMenu open={drawerOpen} brand={brand} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        )
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
          {/* Every table of every page in the user's row density (issue 29). */}
          <TableDensity>
            <Outlet />
          </TableDensity>
        </Layout.Content>
        <AppFooter />
      </Layout>
      <SessionTimeout />
      <LoadingCar />
    </Layout>
  );
}
