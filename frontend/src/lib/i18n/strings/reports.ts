import { addStrings } from '../i18n';
import reports from '../reports.en.json';
import reportsAr from '../reports.ar.json';

addStrings({ reports }, { reports: reportsAr });
