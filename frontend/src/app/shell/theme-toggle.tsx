import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '@/app/theme/theme-context';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, toggle } = useThemeMode();
  const dark = mode === 'dark';
  return (
    <Tooltip title={dark ? t('topBar.switchToLight') : t('topBar.switchToDark')}>
      <Button
        type="text"
        shape="circle"
        aria-label={t('topBar.toggleTheme')}
        aria-pressed={dark}
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
