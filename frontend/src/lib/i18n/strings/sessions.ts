import { addStrings } from '../i18n';
import sessions from '../sessions.en.json';

addStrings({ sessions });
