import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Full screen for sale day: the browser's full screen (where it allows it) with the console covering the page, so that
 * the sidebar and top bar are out of the way while dialogs, dropdowns and toasts still show above it. Esc (the
 * browser's way out of full screen) leaves it too.
 */
export function useFullScreen(): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () => {
      if (!document.fullscreenElement) setFull(false);
    };
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    },
    [],
  );
  const toggle = () => {
    if (full) {
      setFull(false);
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    } else {
      setFull(true);
      void document.documentElement.requestFullscreen?.().catch(() => undefined);
    }
  };
  return [full, toggle];
}

export function LaneFullScreenButton({ full, onToggle }: { full: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={onToggle}>
      {full ? t('auctionEvents.console.exitFullScreen') : t('auctionEvents.console.fullScreen')}
    </Button>
  );
}
