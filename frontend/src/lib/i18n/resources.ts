import alerts from './alerts.en.json';
import auctionEvents from './auction-events.en.json';
import auctions from './auctions.en.json';
import audit from './audit.en.json';
import business from './business.en.json';
import dashboardCharts from './dashboard-charts.en.json';
import dashboard from './dashboard.en.json';
import dashboardTotals from './dashboard-totals.en.json';
import en from './en.json';
import gate from './gate.en.json';
import invoices from './invoices.en.json';
import labels from './labels.en.json';
import lots from './lots.en.json';
import members from './members.en.json';
import outbound from './outbound.en.json';
import payments from './payments.en.json';
import reports from './reports.en.json';
import sessions from './sessions.en.json';
import twoStep from './two-step.en.json';
import vehicles from './vehicles.en.json';

/** Members and vehicles keep their texts in files of their own, merged under their module's key. */
export const translation = { ...en, members, vehicles, auctionEvents, auctions, invoices, payments, outbound, business, gate, alerts, dashboardCharts, dashboardTotals, sessions, dashboard, reports, audit, twoStep, labels, lots };
