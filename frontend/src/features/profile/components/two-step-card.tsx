import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryKey, type MeResponse } from '@/api/me';
import { RecoveryCodes } from '@/features/profile/components/recovery-codes';
import { TwoStepProofModal, type ProofAction } from '@/features/profile/components/two-step-proof-modal';
import { TwoStepSetup } from '@/features/profile/components/two-step-setup';
import { formatDateTime } from '@/lib/dates';

/** The profile's two-step sign-in: turn it on (QR code), off, or get new recovery codes. */
export function TwoStepCard({ twoStep }: { twoStep: MeResponse['twoStep'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<ProofAction | null>(null);

  const done = () => {
    setCodes(null);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };

  const body = () => {
    // The codes stay until the user says they are saved, even once `me` knows it is on.
    if (codes) return <RecoveryCodes codes={codes} onDone={done} />;
    if (!twoStep.enabled) return <TwoStepSetup onEnabled={setCodes} />;
    return (
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'status', label: t('twoStep.status'), children: <Tag color="success">{t('twoStep.on')}</Tag> },
            { key: 'since', label: t('twoStep.enabledSince'), children: formatDateTime(twoStep.enabledAt) },
            { key: 'left', label: t('twoStep.recoveryCodesLeft'), children: twoStep.recoveryCodesLeft },
          ]}
        />
        <Flex gap={8} wrap>
          <Button onClick={() => setAction('codes')}>{t('twoStep.newCodes')}</Button>
          <Button danger onClick={() => setAction('disable')}>
            {t('twoStep.turnOff')}
          </Button>
        </Flex>
      </Flex>
    );
  };

  return (
    <Card title={t('twoStep.title')} extra={!codes && !twoStep.enabled ? <Tag>{t('twoStep.off')}</Tag> : undefined}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('twoStep.intro')}</Typography.Text>
        {twoStep.required && <Alert type="info" showIcon title={t('twoStep.requiredByRole')} />}
        {body()}
      </Flex>
      <TwoStepProofModal action={action} required={twoStep.required} onClose={() => setAction(null)} />
    </Card>
  );
}
