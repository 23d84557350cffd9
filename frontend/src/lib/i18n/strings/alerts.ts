import { addStrings } from '../i18n';
import alerts from '../alerts.en.json';
import alertsAr from '../alerts.ar.json';

addStrings({ alerts }, { alerts: alertsAr });
