import { addStrings } from '../i18n';
import audit from '../audit.en.json';
import auditAr from '../audit.ar.json';

addStrings({ audit }, { audit: auditAr });
