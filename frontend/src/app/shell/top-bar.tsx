import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/app/shell/language-switch';
import { ReviewBadges } from '@/app/shell/review-badges';
import { ThemeToggle } from '@/app/shell/theme-toggle';
import { UserMenu } from '@/app/shell/user-menu';
import { useScrolled } from '@/lib/use-scrolled';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  compact: boolean;
}

/** Sticky; gains a shadow once the page is scrolled past 24 px. */
export function TopBar({ menuOpen, onToggleMenu, compact }: TopBarProps) {
  const { t } = useTranslation();
  const scrolled = useScrolled();
  return (
    <Layout.Header className={scrolled ? 'top-bar top-bar--scrolled' : 'top-bar'} data-scrolled={scrolled}>
      <Button
        type="text"
        aria-label={t('nav.toggleMenu')}
        aria-expanded={menuOpen}
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleMenu}
      />
      <div className="top-bar__spacer" />
      <ReviewBadges />
      <LanguageSwitch />
      <ThemeToggle />
      <UserMenu compact={compact} />
    </Layout.Header>
  );
}
