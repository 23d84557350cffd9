import { addStrings } from '../i18n';
import sessions from '../sessions.en.json';
import sessionsAr from '../sessions.ar.json';

addStrings({ sessions }, { sessions: sessionsAr });
