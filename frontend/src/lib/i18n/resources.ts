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
import alertsAr from './alerts.ar.json';
import auctionEventsAr from './auction-events.ar.json';
import auctionsAr from './auctions.ar.json';
import auditAr from './audit.ar.json';
import businessAr from './business.ar.json';
import dashboardChartsAr from './dashboard-charts.ar.json';
import dashboardAr from './dashboard.ar.json';
import dashboardTotalsAr from './dashboard-totals.ar.json';
import enAr from './ar.json';
import gateAr from './gate.ar.json';
import invoicesAr from './invoices.ar.json';
import labelsAr from './labels.ar.json';
import lotsAr from './lots.ar.json';
import membersAr from './members.ar.json';
import outboundAr from './outbound.ar.json';
import paymentsAr from './payments.ar.json';
import reportsAr from './reports.ar.json';
import sessionsAr from './sessions.ar.json';
import twoStepAr from './two-step.ar.json';
import vehiclesAr from './vehicles.ar.json';

/** Members and vehicles keep their texts in files of their own, merged under their module's key. */
export const translation = { ...en, members, vehicles, auctionEvents, auctions, invoices, payments, outbound, business, gate, alerts, dashboardCharts, dashboardTotals, sessions, dashboard, reports, audit, twoStep, labels, lots };

/** The same in Arabic (issue 27): every key of the English, plurals in Arabic's six forms. */
export const arabic = { ...enAr, members: membersAr, vehicles: vehiclesAr, auctionEvents: auctionEventsAr, auctions: auctionsAr, invoices: invoicesAr, payments: paymentsAr, outbound: outboundAr, business: businessAr, gate: gateAr, alerts: alertsAr, dashboardCharts: dashboardChartsAr, dashboardTotals: dashboardTotalsAr, sessions: sessionsAr, dashboard: dashboardAr, reports: reportsAr, audit: auditAr, twoStep: twoStepAr, labels: labelsAr, lots: lotsAr };
