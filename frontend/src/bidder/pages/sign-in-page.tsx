import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { requestCode, verifyCode } from '@/bidder/api/account';
import { bidderKeys } from '@/bidder/api/keys';
import { useLocale } from '@/bidder/i18n/locale';
import { saveBidderToken } from '@/bidder/lib/bidder-token';
import { errorText } from '@/bidder/lib/error-text';
import { Panel } from '@/bidder/components/panel';

/** Address → 6-digit code → signed in (the bidder token is kept under its own key). */
export function SignInPage() {
  const { t } = useLocale();
  const client = useQueryClient();
  const [address, setAddress] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (value: string) => requestCode(value), onSuccess: (_, value) => setAddress(value) });
  const verify = useMutation({
    mutationFn: ({ code }: { code: string }) => verifyCode(address ?? '', code),
    onSuccess: ({ token, bidder }) => {
      client.setQueryData(bidderKeys.me, bidder);
      saveBidderToken(token);
    },
  });

  return (
    <Panel className="bidder-sign-in" title={t('signIn.title')}>
      {address === null ? (
        <Form layout="vertical" requiredMark={false} onFinish={({ address: value }: { address: string }) => send.mutate(value.trim())}>
          <Typography.Paragraph>{t('signIn.intro')}</Typography.Paragraph>
          <Form.Item name="address" label={t('signIn.address')} rules={[{ required: true, whitespace: true, message: t('signIn.addressRequired') }]}>
            <Input size="large" autoComplete="username" inputMode="email" autoFocus />
          </Form.Item>
          {send.isError ? <Alert type="error" showIcon title={errorText(send.error, t('app.loadFailed'))} className="bidder-gap" /> : null}
          <Button type="primary" size="large" block htmlType="submit" loading={send.isPending}>
            {t('signIn.sendCode')}
          </Button>
        </Form>
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={(values: { code: string }) => verify.mutate({ code: values.code.trim() })}>
          <Typography.Paragraph>{t('signIn.codeSent', { address })}</Typography.Paragraph>
          <Form.Item name="code" label={t('signIn.code')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('signIn.codeInvalid') }]}>
            <Input size="large" autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
          </Form.Item>
          {verify.isError ? <Alert type="error" showIcon title={errorText(verify.error, t('app.loadFailed'))} className="bidder-gap" /> : null}
          {send.isError ? <Alert type="error" showIcon title={errorText(send.error, t('app.loadFailed'))} className="bidder-gap" /> : null}
          <Button type="primary" size="large" block htmlType="submit" loading={verify.isPending}>
            {t('signIn.verify')}
          </Button>
          <Button type="link" block onClick={() => send.mutate(address)} loading={send.isPending}>
            {t('signIn.resend')}
          </Button>
          <Button
            type="link"
            block
            onClick={() => {
              verify.reset();
              setAddress(null);
            }}
          >
            {t('signIn.otherAddress')}
          </Button>
        </Form>
      )}
    </Panel>
  );
}
