import { addStrings } from '../i18n';
import dashboardTotals from '../dashboard-totals.en.json';
import dashboardTotalsAr from '../dashboard-totals.ar.json';

addStrings({ dashboardTotals }, { dashboardTotals: dashboardTotalsAr });
