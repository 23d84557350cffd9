import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Auctions are not built yet: said plainly, with nothing made up. */
export function MemberAuctionHistoryTab() {
  const { t } = useTranslation();
  return <Empty description={t('members.detail.noAuctionsYet')} />;
}
