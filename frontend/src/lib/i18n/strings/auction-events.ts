import { addStrings } from '../i18n';
import auctionEvents from '../auction-events.en.json';

addStrings({ auctionEvents });
