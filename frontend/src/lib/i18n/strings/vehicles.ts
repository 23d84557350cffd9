import { addStrings } from '../i18n';
import vehicles from '../vehicles.en.json';

addStrings({ vehicles });
