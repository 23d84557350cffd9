import { CloseCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Shown when a page fails to load or render (for example a stale chunk after a deploy). Ant Design's Result
 * drawn by hand (its error status: the icon, the title, the button): Result brings its 404, 403 and 500
 * illustrations into the first chunk every screen loads (about 10 kB gzip), and this component cannot be lazy.
 */
export function RouteError() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  console.error(error);
  const heading = typeof token.fontSizeHeading3 === 'number' ? `${token.fontSizeHeading3}px` : token.fontSizeHeading3;
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px`, textAlign: 'center' }}>
      <div style={{ marginBottom: token.paddingLG, color: token.colorError }}>
        <CloseCircleFilled style={{ fontSize: `calc(${heading} * 3)` }} />
      </div>
      <div
        style={{
          color: token.colorTextHeading,
          fontSize: heading,
          lineHeight: token.lineHeightHeading3,
          marginBlock: token.marginXS,
        }}
      >
        {t('errors.loadFailed')}
      </div>
      <div style={{ marginTop: token.paddingLG }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </div>
    </div>
  );
}
