import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Spin, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/api/use-can';
import { HistoryTab } from '@/components/history-tab';
import { useErrorToast } from '@/components/use-error-toast';
import { useMember } from '@/features/members/api/get-member';
import { MemberAbsenteeBidsTab } from '@/features/members/components/member-absentee-bids-tab';
import { MemberAuctionHistoryTab } from '@/features/members/components/member-auction-history-tab';
import { MemberConsentPanel } from '@/features/members/components/member-consent-panel';
import { MemberDetailHeader } from '@/features/members/components/member-detail-header';
import { MemberInfoTab } from '@/features/members/components/member-info-tab';
import { MemberLedgerTab } from '@/features/members/components/member-ledger-tab';
import { MemberMessagesTab } from '@/features/members/components/member-messages-tab';
import { MemberMoneyTab } from '@/features/members/components/member-money-tab';
import { MemberVehiclesTab } from '@/features/members/components/member-vehicles-tab';
import { LIST_PATH, listOf } from '@/features/members/lib/member-lists';
import { displayName } from '@/features/members/lib/member-name';
import { paths } from '@/lib/paths';
import { useTabParam } from '@/lib/use-tab-param';
import '@/lib/i18n/strings/alerts';
import '@/lib/i18n/strings/audit';
import '@/lib/i18n/strings/lots';
import '@/lib/i18n/strings/members';
import '@/lib/i18n/strings/payments';

const TABS = ['info', 'auctions', 'absentee', 'vehicles', 'money', 'ledger', 'messages', 'history'] as const;
type Tab = (typeof TABS)[number];
/** The Ledger tab is there for a role that may view payments, Messages for one that may view alerts, Absentee bids for one that may view auctions. */
const tabsFor = (payments: boolean, alerts: boolean, auctions: boolean): [Tab, ...Tab[]] =>
  ['info', ...TABS.slice(1).filter((tab) => (tab !== 'ledger' || payments) && (tab !== 'messages' || alerts) && (tab !== 'absentee' || auctions))];

/**
 * /members/:memberId: the member's account and the tabs 'Member Information' (with the 'Promotions consent' panel
 * below its form), 'Auction History', 'Vehicles',
 * 'Invoices and payments', (Payments view) 'Ledger' and (Alerts view) 'Messages'.
 * The open tab is in the URL (?tab=vehicles), so a reload or a shared link opens it.
 */
export function MemberDetailPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const canViewPayments = useCan('Payments', 'view');
  const canViewAlerts = useCan('Alerts', 'view');
  const canViewAuctions = useCan('Auctions', 'view');
  const tabs = useMemo(() => tabsFor(canViewPayments, canViewAlerts, canViewAuctions), [canViewPayments, canViewAlerts, canViewAuctions]);
  const [tab, setTab] = useTabParam<Tab>(tabs);
  const query = useMember(memberId);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useErrorToast(missing ? null : query.error, t('members.errors.fetchOneFailed'));
  const member = query.data;
  const list = member ? listOf(member.status) : undefined;

  if (missing) {
    return (
      <Result
        status="404"
        title={t('members.detail.notFound')}
        extra={
          <Link to={paths.reviewMembers}>
            <Button type="primary">{t('members.detail.backToReview')}</Button>
          </Link>
        }
      />
    );
  }
  if (!member && query.isError) {
    return <Result status="error" title={t('members.errors.fetchOneFailed')} extra={<Button onClick={() => void query.refetch()}>{t('members.detail.retry')}</Button>} />;
  }
  if (!member) return <Spin aria-label={t('members.detail.loading')} />;

  return (
    <Flex vertical gap={16}>
      <Link to={list ? LIST_PATH[list] : paths.reviewMembers}>
        <ArrowLeftOutlined /> {t(`members.detail.backTo.${list ?? 'review'}`)}
      </Link>
      <MemberDetailHeader member={member} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'info',
            label: t('members.detail.tabInfo'),
            children: (
              <Flex vertical gap={24}>
                <MemberInfoTab member={member} />
                <MemberConsentPanel member={member} />
              </Flex>
            ),
          },
          { key: 'auctions', label: t('members.detail.tabAuctions'), children: <MemberAuctionHistoryTab memberId={member._id} /> },
          ...(canViewAuctions ? [{ key: 'absentee', label: t('lots.member.tab'), children: <MemberAbsenteeBidsTab member={{ id: member._id, name: displayName(member) }} /> }] : []),
          { key: 'vehicles', label: t('members.detail.tabVehicles'), children: <MemberVehiclesTab memberId={member._id} /> },
          { key: 'money', label: t('members.detail.tabMoney'), children: <MemberMoneyTab memberId={member._id} /> },
          ...(canViewPayments ? [{ key: 'ledger', label: t('members.detail.tabLedger'), children: <MemberLedgerTab memberId={member._id} /> }] : []),
          ...(canViewAlerts ? [{ key: 'messages', label: t('alerts.member.tab'), children: <MemberMessagesTab memberId={member._id} /> }] : []),
          { key: 'history', label: t('audit.history.title'), children: <HistoryTab entity="member" entityId={member._id} /> },
        ]}
      />
    </Flex>
  );
}
