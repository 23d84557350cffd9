import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useLocale } from '@/bidder/i18n/locale';

/** "← Back" (→ in Arabic) to the given screen. */
export function BackLink({ to }: { to: string }) {
  const { t, dir } = useLocale();
  return (
    <Link to={to} className="bidder-back">
      {dir === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />} {t('app.back')}
    </Link>
  );
}
