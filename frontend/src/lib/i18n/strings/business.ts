import { addStrings } from '../i18n';
import business from '../business.en.json';
import businessAr from '../business.ar.json';

addStrings({ business }, { business: businessAr });
