import { addStrings } from '../i18n';
import outbound from '../outbound.en.json';
import outboundAr from '../outbound.ar.json';

addStrings({ outbound }, { outbound: outboundAr });
