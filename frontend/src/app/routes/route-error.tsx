import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={t('errors.loadFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
