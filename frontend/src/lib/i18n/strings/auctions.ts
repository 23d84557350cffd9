import { addStrings } from '../i18n';
import auctions from '../auctions.en.json';
import auctionsAr from '../auctions.ar.json';

addStrings({ auctions }, { auctions: auctionsAr });
