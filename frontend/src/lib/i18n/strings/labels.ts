import { addStrings } from '../i18n';
import labels from '../labels.en.json';

addStrings({ labels });
