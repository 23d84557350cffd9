import { addStrings } from '../i18n';
import members from '../members.en.json';

addStrings({ members });
