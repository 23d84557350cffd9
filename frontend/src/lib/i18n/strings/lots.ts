import { addStrings } from '../i18n';
import lots from '../lots.en.json';

addStrings({ lots });
