import { addStrings } from '../i18n';
import gate from '../gate.en.json';

addStrings({ gate });
