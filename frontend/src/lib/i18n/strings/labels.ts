import { addStrings } from '../i18n';
import labels from '../labels.en.json';
import labelsAr from '../labels.ar.json';

addStrings({ labels }, { labels: labelsAr });
