import { addStrings } from '../i18n';
import invoices from '../invoices.en.json';

addStrings({ invoices });
