import { addStrings } from '../i18n';
import lots from '../lots.en.json';
import lotsAr from '../lots.ar.json';

addStrings({ lots }, { lots: lotsAr });
