import dayjs from 'dayjs';
import arabic from 'dayjs/locale/ar';

/**
 * dayjs's Arabic with Latin digits: its own 'ar' writes Arabic-Indic digits and an Arabic comma (postformat), while
 * the UAE's business software writes 0-9 (ar-AE-u-nu-latn). Registered under the name 'ar', over the original, so
 * the date pickers (which ask dayjs for 'ar' under antd's Arabic locale) get the same months and digits.
 */
const latinDigits = Object.fromEntries(Object.entries(arabic).filter(([key]) => key !== 'preparse' && key !== 'postformat'));
dayjs.locale({ ...latinDigits, name: 'ar' } as ILocale, undefined, true);
