import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/me';
import { RecoveryCodes } from '@/features/profile/components/recovery-codes';
import { TwoStepSetup } from '@/features/profile/components/two-step-setup';

/**
 * Full page, before anything else, when the signed-in user's role requires two-step sign-in and they have not
 * turned it on (`twoStep.setupDue`). Once the recovery codes are saved, GET /api/auth/me is fetched again and
 * the app continues.
 */
export function SetUpTwoStepPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('twoStep.mustSetUpTitle')}
        </Typography.Title>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })} />
        ) : (
          <Flex vertical gap={12}>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('twoStep.mustSetUpIntro')} {t('twoStep.intro')}
            </Typography.Paragraph>
            <TwoStepSetup onEnabled={setCodes} />
          </Flex>
        )}
        {extra && <div style={{ marginTop: 16 }}>{extra}</div>}
      </Card>
    </Flex>
  );
}
