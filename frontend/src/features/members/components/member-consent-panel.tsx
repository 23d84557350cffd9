import { Alert, Button, Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { useConsentOptions, type PromoChannel } from '@/features/members/api/get-consent-options';
import type { Member } from '@/features/members/api/get-members';
import { MemberConsentDialog, type ConsentChoice } from '@/features/members/components/member-consent-dialog';
import { MemberConsentRecords } from '@/features/members/components/member-consent-records';
import { consentsOn, PROMO_CHANNELS } from '@/features/members/lib/consent-form';
import { errorMessage } from '@/lib/error-message';

interface ChannelRow {
  channel: PromoChannel;
  consents: boolean;
}

/**
 * 'Promotions consent': per channel (SMS, WhatsApp, email) whether the member consents now, with 'Record consent' or
 * 'Record withdrawal' (Members edit), and below every record of the member. Consent is a record with how it was
 * given, never a ticked box.
 */
export function MemberConsentPanel({ member }: { member: Member }) {
  const { t } = useTranslation();
  const canEdit = useCan('Members', 'edit');
  const options = useConsentOptions(canEdit);
  const [choice, setChoice] = useState<ConsentChoice | null>(null);
  const title = t('members.consent.title');
  const rows: ChannelRow[] = PROMO_CHANNELS.map((channel) => ({ channel, consents: consentsOn(member, channel) }));

  const columns: TableColumnsType<ChannelRow> = [
    { key: 'channel', title: t('members.consent.channel'), render: (_, row) => t(`members.consent.channels.${row.channel}`) },
    {
      key: 'now',
      title: t('members.consent.now'),
      render: (_, row) => <StatusBadge variant={row.consents ? 'success' : 'default'}>{t(row.consents ? 'members.consent.consents' : 'members.consent.noConsent')}</StatusBadge>,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, row: ChannelRow) => (
              <Button size="small" disabled={!options.data} onClick={() => setChoice({ channel: row.channel, given: !row.consents })}>
                {t(row.consents ? 'members.consent.recordWithdrawal' : 'members.consent.recordConsent')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-label={title}>
      <Card title={title}>
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('members.consent.intro')}</Typography.Text>
          {canEdit && options.isError && (
            <Alert type="error" showIcon title={errorMessage(options.error, t('members.consent.errors.optionsFailed'))} action={<Button onClick={() => void options.refetch()}>{t('members.consent.records.retry')}</Button>} />
          )}
          <Table<ChannelRow> aria-label={t('members.consent.channelsTable')} rowKey="channel" size="small" columns={columns} dataSource={rows} pagination={false} />
          <MemberConsentRecords memberId={member._id} />
        </Flex>
      </Card>
      {canEdit && <MemberConsentDialog memberId={member._id} choice={choice} options={options.data} onClose={() => setChoice(null)} />}
    </section>
  );
}
