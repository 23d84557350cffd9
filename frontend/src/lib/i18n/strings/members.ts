import { addStrings } from '../i18n';
import members from '../members.en.json';
import membersAr from '../members.ar.json';

addStrings({ members }, { members: membersAr });
