import i18n from '@/lib/i18n/i18n';

/** The Accept-Language of every API call: the API answers its messages (errors, confirmations) in the screens' language. */
export function requestLanguage(): 'en' | 'ar' {
  return i18n.language === 'ar' ? 'ar' : 'en';
}
