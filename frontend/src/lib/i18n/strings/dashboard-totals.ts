import { addStrings } from '../i18n';
import dashboardTotals from '../dashboard-totals.en.json';

addStrings({ dashboardTotals });
