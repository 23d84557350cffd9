import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { bidderKeys } from '@/bidder/api/keys';
import { setMaximum, withdrawMaximum } from '@/bidder/api/lots';
import type { BidderLot } from '@/bidder/api/types';
import { useLocale } from '@/bidder/i18n/locale';
import { parseAmount } from '@/bidder/lib/bid-limit';
import { errorText } from '@/bidder/lib/error-text';
import { Panel } from '@/bidder/components/panel';

/** My maximum on a lot: set or raise it while the lot waits or is open; withdraw it only before it opens. */
export function MaximumPanel({ lot }: { lot: BidderLot }) {
  const { t, money } = useLocale();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ maximum: string }>();
  const done = (next: BidderLot, text: string) => {
    client.setQueryData<BidderLot>(bidderKeys.lot(lot.id), (old) => (old ? { ...old, ...next } : old));
    void client.invalidateQueries({ queryKey: bidderKeys.lot(lot.id) });
    void client.invalidateQueries({ queryKey: bidderKeys.buyingPower });
    void message.success(text);
  };
  const save = useMutation({
    mutationFn: (maximum: string) => setMaximum(lot.id, maximum),
    onSuccess: (next, maximum) => {
      form.resetFields();
      done(next, t('maximum.saved', { amount: money(maximum) }));
    },
    onError: (error) => {
      const text = errorText(error, t('app.loadFailed'));
      form.setFields([{ name: 'maximum', errors: [text] }]);
    },
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawMaximum(lot.id),
    onSuccess: (next) => done(next, t('maximum.withdrawn')),
    onError: (error) => void message.error(errorText(error, t('app.loadFailed'))),
  });
  if (lot.state !== 'waiting' && lot.state !== 'open') return null;

  return (
    <Panel title={t('maximum.title')}>
      <Typography.Paragraph type="secondary">{t('maximum.explain')}</Typography.Paragraph>
      <Typography.Paragraph strong>{lot.myMaximum ? t('maximum.current', { amount: money(lot.myMaximum) }) : t('maximum.none')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ maximum }) => {
          const amount = parseAmount(maximum ?? '');
          if (amount) save.mutate(amount);
        }}
      >
        <Form.Item
          name="maximum"
          label={t('maximum.amount')}
          rules={[{ validator: async (_, value: string | undefined) => (parseAmount(value ?? '') ? undefined : Promise.reject(new Error(t('maximum.invalid')))) }]}
        >
          <Input inputMode="decimal" autoComplete="off" size="large" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {lot.myMaximum ? t('maximum.raise') : t('maximum.set')}
          </Button>
          {lot.myMaximum && lot.state === 'waiting' ? (
            <Popconfirm
              title={t('maximum.withdrawConfirm', { amount: money(lot.myMaximum) })}
              okText={t('maximum.withdraw')}
              cancelText={t('live.cancel')}
              onConfirm={() => withdraw.mutate()}
            >
              <Button danger loading={withdraw.isPending}>
                {t('maximum.withdraw')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
        {lot.myMaximum && lot.state === 'open' ? <Typography.Text type="secondary">{t('maximum.withdrawOnlyBefore')}</Typography.Text> : null}
      </Form>
    </Panel>
  );
}
