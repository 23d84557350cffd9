import { addStrings } from '../i18n';
import dashboard from '../dashboard.en.json';
import dashboardAr from '../dashboard.ar.json';

addStrings({ dashboard }, { dashboard: dashboardAr });
