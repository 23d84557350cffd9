import { addStrings } from '../i18n';
import dashboardCharts from '../dashboard-charts.en.json';

addStrings({ dashboardCharts });
