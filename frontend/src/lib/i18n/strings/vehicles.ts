import { addStrings } from '../i18n';
import vehicles from '../vehicles.en.json';
import vehiclesAr from '../vehicles.ar.json';

addStrings({ vehicles }, { vehicles: vehiclesAr });
