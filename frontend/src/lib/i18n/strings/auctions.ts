import { addStrings } from '../i18n';
import auctions from '../auctions.en.json';

addStrings({ auctions });
