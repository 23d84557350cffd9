import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/** Shown instead of a screen whose module the signed-in role may not view. */
export function NoAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('noAccess.title')}</h1>}
      subTitle={t('noAccess.message')}
      extra={
        <Button type="primary" onClick={() => navigate(paths.dashboard)}>
          {t('noAccess.backToDashboard')}
        </Button>
      }
    />
  );
}
