import { App, Button, Form, Input, Typography } from 'antd';
import { useLocale } from '@/bidder/i18n/locale';
import { parseAmount, readBidLimit, saveBidLimit } from '@/bidder/lib/bid-limit';
import { Panel } from '@/bidder/components/panel';

/** The amount above which a bid asks to confirm, kept on this device (empty: always ask). */
export function LimitSetting() {
  const { t } = useLocale();
  const { message } = App.useApp();
  const limit = readBidLimit();
  return (
    <Panel title={t('limit.title')}>
      <Typography.Paragraph type="secondary">{t('limit.explain')}</Typography.Paragraph>
      <Form
        layout="vertical"
        initialValues={{ limit: limit === null ? '' : String(limit) }}
        onFinish={({ limit: text }: { limit?: string }) => {
          const amount = text ? parseAmount(text) : null;
          saveBidLimit(amount === null ? null : Number(amount));
          void message.success(t('limit.saved'));
        }}
      >
        <Form.Item
          name="limit"
          label={t('limit.amount')}
          rules={[{ validator: async (_, value: string | undefined) => (!value || parseAmount(value) ? undefined : Promise.reject(new Error(t('maximum.invalid')))) }]}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={t('limit.none')} />
        </Form.Item>
        <Button htmlType="submit">{t('limit.save')}</Button>
      </Form>
    </Panel>
  );
}
