import i18n from '@/lib/i18n/i18n';

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Arabic as the UAE writes it: Latin digits, the dirham's sign after the amount ("1,250.00 د.إ."). */
const arabicAed = new Intl.NumberFormat('ar-AE-u-nu-latn', { style: 'currency', currency: 'AED' });

/**
 * AED with two decimals ("AED 1,250.00"; in Arabic "1,250.00 د.إ."). The API sends money as a decimal string or a
 * number; missing or unparseable values show N/A.
 */
export function formatAed(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return i18n.t('common.notAvailable');
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) return i18n.t('common.notAvailable');
  return i18n.language === 'ar' ? arabicAed.format(parsed) : `AED ${amount.format(parsed)}`;
}
