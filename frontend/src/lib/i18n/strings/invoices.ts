import { addStrings } from '../i18n';
import invoices from '../invoices.en.json';
import invoicesAr from '../invoices.ar.json';

addStrings({ invoices }, { invoices: invoicesAr });
