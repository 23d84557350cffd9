import { addStrings } from '../i18n';
import alerts from '../alerts.en.json';

addStrings({ alerts });
