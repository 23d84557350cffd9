import { Layout, Space } from 'antd';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalModal, type LegalDocument } from '@/app/shell/legal-modal';

/** Company credit, © 2025, and the terms and privacy texts. */
export function AppFooter() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<LegalDocument | null>(null);
  const open = (document: LegalDocument) => (event: MouseEvent) => {
    event.preventDefault();
    setShown(document);
  };

  return (
    <Layout.Footer className="app-footer">
      <Space wrap size={4}>
        <span>{t('footer.copyright')}</span>
        <strong>{t('footer.company')}</strong>
        <span>{t('footer.rights')}</span>
      </Space>
      <Space size={16}>
        <a href="#terms" onClick={open('terms')}>
          {t('footer.terms')}
        </a>
        <a href="#privacy" onClick={open('privacy')}>
          {t('footer.privacy')}
        </a>
      </Space>
      <LegalModal document={shown} onClose={() => setShown(null)} />
    </Layout.Footer>
  );
}
