import { addStrings } from '../i18n';
import dashboardCharts from '../dashboard-charts.en.json';
import dashboardChartsAr from '../dashboard-charts.ar.json';

addStrings({ dashboardCharts }, { dashboardCharts: dashboardChartsAr });
