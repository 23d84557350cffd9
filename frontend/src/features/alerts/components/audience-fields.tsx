import { Alert, Button, Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAudienceCount } from '@/features/alerts/api/count-audience';
import type { Channel } from '@/features/alerts/api/get-messages';
import { usePlanOptions } from '@/features/alerts/api/get-plan-options';
import { MEMBER_ENTITIES, MEMBER_STATUSES, MEMBER_TYPES, SELLER_TYPES, toAudience, type CampaignValues } from '@/features/alerts/lib/campaign-form';
import { channelLabel } from '@/features/alerts/lib/channels';
import { useDebouncedValue } from '@/features/alerts/lib/use-debounced-value';

/**
 * Who receives the campaign, chosen as the member lists filter (member type, entity, seller type, plan, status), and
 * how many will: the members who match and consented to promotions on the channel, counted by the server.
 */
export function AudienceFields({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<CampaignValues>();
  const audience = Form.useWatch(['audience'], form) as Partial<CampaignValues['audience']> | undefined;
  const plans = usePlanOptions();
  const wanted = useDebouncedValue(JSON.stringify(toAudience(audience)));
  const count = useAudienceCount({ channel, audience: JSON.parse(wanted) as ReturnType<typeof toAudience> });
  // The figure of earlier filters is not shown as if it were these filters' while they are counted.
  const counted = count.isPlaceholderData ? undefined : count.data;
  const option = (group: string) => (value: string) => ({ value, label: t(`alerts.audience.${group}.${value}` as 'alerts.audience.memberType.buyer') });
  const select = (name: string, label: string, options: { value: string; label: string }[], allLabel: string, hidden = false) =>
    !hidden && (
      <Col xs={24} md={8}>
        <Form.Item label={label} name={['audience', name]}>
          <Select allowClear placeholder={allLabel} options={options} virtual={false} aria-label={label} />
        </Form.Item>
      </Col>
    );
  return (
    <>
      <Row gutter={16}>
        {select('memberType', t('alerts.audience.memberTypeLabel'), MEMBER_TYPES.map(option('memberType')), t('alerts.audience.allTypes'))}
        {select('memberEntity', t('alerts.audience.memberEntityLabel'), MEMBER_ENTITIES.map(option('memberEntity')), t('alerts.audience.allEntities'))}
        {select('sellerType', t('alerts.audience.sellerTypeLabel'), SELLER_TYPES.map(option('sellerType')), t('alerts.audience.allSellerTypes'), audience?.memberType === 'buyer')}
        {select(
          'securityPlan',
          t('alerts.audience.planLabel'),
          (plans.data ?? []).map((plan) => ({ value: plan._id, label: plan.name })),
          t('alerts.audience.allPlans'),
        )}
        <Col xs={24} md={8}>
          <Form.Item label={t('alerts.audience.statusLabel')} name={['audience', 'status']}>
            <Select options={MEMBER_STATUSES.map(option('status'))} virtual={false} aria-label={t('alerts.audience.statusLabel')} />
          </Form.Item>
        </Col>
      </Row>
      {count.isError ? (
        <Alert
          type="error"
          showIcon
          role="status"
          title={t('alerts.audience.countFailed')}
          action={
            <Button size="small" onClick={() => void count.refetch()}>
              {t('alerts.audience.countAgain')}
            </Button>
          }
        />
      ) : (
        <Alert
          type={counted?.recipients === 0 ? 'warning' : 'info'}
          showIcon
          role="status"
          aria-busy={!counted}
          title={counted ? t('alerts.audience.recipients', { count: counted.recipients }) : t('alerts.audience.counting')}
          description={counted ? t('alerts.audience.matching', { count: counted.matching, channel: channelLabel(channel) }) : undefined}
        />
      )}
    </>
  );
}
