import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export type LegalDocument = 'terms' | 'privacy';

const content = {
  terms: { title: 'footer.termsTitle', body: ['footer.termsBody1', 'footer.termsBody2'] },
  privacy: { title: 'footer.privacyTitle', body: ['footer.privacyBody1', 'footer.privacyBody2'] },
} as const;

interface LegalModalProps {
  document: LegalDocument | null;
  onClose: () => void;
}

export function LegalModal({ document, onClose }: LegalModalProps) {
  const { t } = useTranslation();
  const shown = content[document ?? 'terms'];
  return (
    <Modal
      open={document !== null}
      title={t(shown.title)}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {shown.body.map((key) => (
        <p key={key} style={{ margin: '0 0 1em' }}>
          {t(key)}
        </p>
      ))}
    </Modal>
  );
}
