import { addStrings } from '../i18n';
import audit from '../audit.en.json';

addStrings({ audit });
