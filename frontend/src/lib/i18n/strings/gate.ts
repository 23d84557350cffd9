import { addStrings } from '../i18n';
import gate from '../gate.en.json';
import gateAr from '../gate.ar.json';

addStrings({ gate }, { gate: gateAr });
