import { addStrings } from '../i18n';
import reports from '../reports.en.json';

addStrings({ reports });
