import { addStrings } from '../i18n';
import twoStep from '../two-step.en.json';

addStrings({ twoStep });
