import { TranslationOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageChange } from '@/components/use-language-change';
import { currentLanguage } from '@/lib/i18n/language';

/** Beside the theme toggle: the other language, written in its own script so that anyone can find their way back. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { change, isPending } = useLanguageChange();
  const next = currentLanguage() === 'ar' ? 'en' : 'ar';
  return (
    <Tooltip title={t('topBar.switchLanguage')}>
      <Button type="text" icon={<TranslationOutlined />} lang={next} aria-label={t('topBar.switchLanguage')} loading={isPending} onClick={() => change(next)}>
        {t('topBar.otherLanguage')}
      </Button>
    </Tooltip>
  );
}
