import { addStrings } from '../i18n';
import payments from '../payments.en.json';
import paymentsAr from '../payments.ar.json';

addStrings({ payments }, { payments: paymentsAr });
