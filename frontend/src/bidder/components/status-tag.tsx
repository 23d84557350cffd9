import { Tag } from 'antd';
import type { MyStatus } from '@/bidder/api/types';
import { useLocale } from '@/bidder/i18n/locale';

const colours: Record<MyStatus, string> = {
  none: 'default',
  leading: 'green',
  outbid: 'red',
  won: 'gold',
  lost: 'default',
  on_approval: 'orange',
};

/** Where I stand on a lot: leading, outbid, won ... (nothing when I am not bidding). */
export function StatusTag({ status }: { status: MyStatus }) {
  const { t } = useLocale();
  if (status === 'none') return null;
  return <Tag color={colours[status]}>{t(`live.status.${status}`)}</Tag>;
}
