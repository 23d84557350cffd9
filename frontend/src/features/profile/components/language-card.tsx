import { Card, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/api/language';
import { useLanguageChange } from '@/components/use-language-change';
import { currentLanguage } from '@/lib/i18n/language';

/** English or Arabic for this user: the same choice as the top bar's switch. Each name is in its own script. */
export function LanguageCard() {
  const { t } = useTranslation();
  const { change, isPending } = useLanguageChange();
  return (
    <Card title={t('profile.language.title')}>
      <Typography.Paragraph type="secondary">{t('profile.language.hint')}</Typography.Paragraph>
      <Radio.Group
        value={currentLanguage()}
        disabled={isPending}
        aria-label={t('profile.language.title')}
        onChange={(event) => change(event.target.value as Language)}
        options={[
          { value: 'en', label: <span lang="en">{t('profile.language.english')}</span> },
          { value: 'ar', label: <span lang="ar">{t('profile.language.arabic')}</span> },
        ]}
      />
    </Card>
  );
}
