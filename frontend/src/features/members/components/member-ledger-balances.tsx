import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerPage } from '@/features/members/api/get-member-ledger';
import { formatAed } from '@/lib/money';

/** What the member owes us, what we owe them and the deposit we hold, after their last entry. */
export function MemberLedgerBalances({ balances }: { balances: LedgerPage['balances'] | undefined }) {
  const { t } = useTranslation();
  const items = [
    { key: 'owesUs', label: t('members.ledger.balances.owesUs'), value: balances?.owesUs },
    { key: 'weOwe', label: t('members.ledger.balances.weOwe'), value: balances?.weOwe },
    { key: 'deposit', label: t('members.ledger.balances.depositHeld'), value: balances?.depositHeld },
  ];
  return (
    <section aria-label={t('members.ledger.balances.label')}>
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.key} xs={24} md={8}>
            <Card size="small">
              <Statistic title={item.label} value={formatAed(item.value)} loading={balances === undefined} />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
