import { addStrings } from '../i18n';
import auctionEvents from '../auction-events.en.json';
import auctionEventsAr from '../auction-events.ar.json';

addStrings({ auctionEvents }, { auctionEvents: auctionEventsAr });
