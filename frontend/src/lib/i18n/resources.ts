import alerts from './alerts.en.json';
import auctionEvents from './auction-events.en.json';
import auctions from './auctions.en.json';
import business from './business.en.json';
import en from './en.json';
import gate from './gate.en.json';
import invoices from './invoices.en.json';
import members from './members.en.json';
import outbound from './outbound.en.json';
import payments from './payments.en.json';
import vehicles from './vehicles.en.json';

/** Members and vehicles keep their texts in files of their own, merged under their module's key. */
export const translation = { ...en, members, vehicles, auctionEvents, auctions, invoices, payments, outbound, business, gate, alerts };
