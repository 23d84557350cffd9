import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '@/api/me';
import { useSide } from '@/components/use-side';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { paths } from '@/lib/paths';

// The logout question (ConfirmModal brings Typography: about 10 kB gzip) is fetched when the menu opens (issue 16).
const loadConfirmModal = () => import('@/components/confirm-modal');
const ConfirmModal = lazy(async () => ({ default: (await loadConfirmModal()).ConfirmModal }));

/** Avatar and name; the menu holds Profile and Logout (after the 'Logout Confirmation!' dialog). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useMe();
  const { logout, isPending } = useLogout();
  const { placement } = useSide();
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first question on, so that it closes with its animation.
  const [asked, setAsked] = useState(false);
  if (confirming && !asked) setAsked(true);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('topBar.profile') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('topBar.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate(paths.profile);
    if (key === 'logout') setConfirming(true);
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement={placement('bottomEnd')}
        onOpenChange={(open) => {
          if (open) void loadConfirmModal();
        }}
      >
        <Button type="text" aria-label={t('topBar.userMenu')} className="user-menu__trigger">
          <Avatar size="small" icon={<UserOutlined />} />
          {!compact && data && <span className="user-menu__name">{data.user.fullName}</span>}
        </Button>
      </Dropdown>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmModal
            open={confirming}
            title={t('logout.title')}
            message={t('logout.message')}
            loading={isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void logout()}
          />
        </Suspense>
      )}
    </>
  );
}
