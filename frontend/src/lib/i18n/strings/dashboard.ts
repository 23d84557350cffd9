import { addStrings } from '../i18n';
import dashboard from '../dashboard.en.json';

addStrings({ dashboard });
