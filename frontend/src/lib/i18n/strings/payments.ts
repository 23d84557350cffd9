import { addStrings } from '../i18n';
import payments from '../payments.en.json';

addStrings({ payments });
