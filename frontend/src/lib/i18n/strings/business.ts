import { addStrings } from '../i18n';
import business from '../business.en.json';

addStrings({ business });
