import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '@/api/use-can';
import { groupOf, isGroup, navEntries, visibleEntries, type NavLink } from '@/app/shell/nav-items';

/** Hover menus (collapsed sidebar) close after 120 ms; Ant Design counts this delay in seconds. */
const SUBMENU_CLOSE_DELAY_S = 0.12;

interface SidebarProps {
  collapsed?: boolean;
  /** Called after a link is chosen (the mobile drawer closes then). */
  onNavigate?: () => void;
}

export function Sidebar({ collapsed = false, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { can } = usePermissions();
  const entries = visibleEntries(navEntries, can);
  const currentGroup = groupOf(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  const [openedFor, setOpenedFor] = useState(currentGroup);
  if (currentGroup !== openedFor) {
    setOpenedFor(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const link = (entry: NavLink) => ({ key: entry.path, icon: entry.icon, label: <Link to={entry.path}>{t(entry.label)}</Link> });
  const items: MenuProps['items'] = entries.map((entry) =>
    isGroup(entry) ? { key: entry.key, icon: entry.icon, label: t(entry.label), children: entry.children.map(link) } : link(entry),
  );
  const selected = entries
    .flatMap((entry) => (isGroup(entry) ? entry.children : [entry]))
    .filter((entry) => pathname.startsWith(entry.path))
    .map((entry) => entry.path);

  return (
    <nav aria-label={t('nav.mainMenu')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        inlineCollapsed={collapsed}
        subMenuCloseDelay={SUBMENU_CLOSE_DELAY_S}
        onClick={() => onNavigate?.()}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
