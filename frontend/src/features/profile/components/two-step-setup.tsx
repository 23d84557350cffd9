import { Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useEnableTwoStepMutation } from '@/features/profile/api/enable-two-step';
import { useStartTwoStepSetupMutation } from '@/features/profile/api/start-two-step-setup';

interface TwoStepSetupProps {
  /** Turned on: the recovery codes to show once. */
  onEnabled: (codes: string[]) => void;
}

/**
 * Turning on two-step sign-in: a new secret as a QR code (drawn here, from the otpauth:// URI: no outside service)
 * and the key for typing, then a current code of the app confirms it.
 */
export function TwoStepSetup({ onEnabled }: TwoStepSetupProps) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [form] = Form.useForm<{ code: string }>();
  const start = useStartTwoStepSetupMutation();
  const enable = useEnableTwoStepMutation();
  const setup = start.data;

  if (!setup) {
    return (
      <Button type="primary" onClick={() => start.mutate(undefined, { onError: (error) => showError(error, t('twoStep.setupFailed')) })} loading={start.isPending}>
        {t('twoStep.turnOn')}
      </Button>
    );
  }

  const confirm = ({ code }: { code: string }) =>
    enable.mutate(code.trim(), {
      onSuccess: (result) => onEnabled(result.recoveryCodes),
      onError: (error) => showError(error, t('twoStep.enableFailed'), form),
    });

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('twoStep.setupTitle')}
      </Typography.Title>
      <Typography.Text>{t('twoStep.setupStep1')}</Typography.Text>
      <div role="img" aria-label={t('twoStep.qrLabel')}>
        <QRCode value={setup.otpauthUri} type="svg" size={176} bordered={false} />
      </div>
      <Form layout="vertical" requiredMark={false} style={{ maxWidth: 380 }}>
        <Form.Item label={t('twoStep.setupKey')} htmlFor="two-step-key" extra={t('twoStep.setupManual')}>
          <Input id="two-step-key" readOnly value={setup.secret} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
      <Form form={form} name="two-step-setup" layout="vertical" requiredMark={false} onFinish={confirm} style={{ maxWidth: 380 }}>
        <Form.Item
          label={t('twoStep.setupStep2')}
          name="code"
          rules={[
            { required: true, whitespace: true, message: t('twoStep.codeRequired') },
            { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('twoStep.codeInvalid') },
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} aria-label={t('twoStep.code')} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={enable.isPending}>
            {t('twoStep.confirm')}
          </Button>
          <Button onClick={() => start.reset()}>{t('twoStep.cancel')}</Button>
        </Flex>
      </Form>
    </Flex>
  );
}
