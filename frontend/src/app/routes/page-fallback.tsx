import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** While the first route's code loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={t('app.loading')} />
    </Flex>
  );
}
