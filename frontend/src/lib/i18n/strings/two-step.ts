import { addStrings } from '../i18n';
import twoStep from '../two-step.en.json';
import twoStepAr from '../two-step.ar.json';

addStrings({ twoStep }, { twoStep: twoStepAr });
