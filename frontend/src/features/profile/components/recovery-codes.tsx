import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/use-toast';
import { saveBlob } from '@/lib/download';

interface RecoveryCodesProps {
  codes: string[];
  /** "I have saved my recovery codes": the codes are never shown again. */
  onDone: () => void;
}

/** The ten recovery codes, shown once, with ways to keep them. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    toast.success(t('twoStep.copied'));
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('twoStep.codesTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('twoStep.codesIntro')} />
      <ul aria-label={t('twoStep.codesLabel')} style={{ columns: 2, listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code style={{ fontSize: 15 }}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('twoStep.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'gavel-recovery-codes.txt')}>
          {t('twoStep.download')}
        </Button>
      </Flex>
      <Button type="primary" onClick={onDone}>
        {t('twoStep.saved')}
      </Button>
    </Flex>
  );
}
