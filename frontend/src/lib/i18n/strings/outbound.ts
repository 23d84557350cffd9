import { addStrings } from '../i18n';
import outbound from '../outbound.en.json';

addStrings({ outbound });
