import { Alert, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useLocale } from '@/bidder/i18n/locale';
import { errorText } from '@/bidder/lib/error-text';

interface Props {
  pending: boolean;
  error: unknown;
  retry: () => void;
  empty?: string | false;
  children: ReactNode;
}

/** A screen's loading, failure (with the server's sentence and a retry) and empty states, else its content. */
export function PageState({ pending, error, retry, empty = false, children }: Props) {
  const { t } = useLocale();
  if (pending) return <Spin className="bidder-spin" />;
  if (error)
    return (
      <Alert
        type="warning"
        showIcon
        title={errorText(error, t('app.loadFailed'))}
        action={<Button onClick={retry}>{t('app.retry')}</Button>}
      />
    );
  if (empty) return <Empty description={empty} />;
  return <>{children}</>;
}
