// Unit tests only (vite.config.ts `test.setupFiles`): every locale file, as before issue 16, so a component renders
// its strings without the page that registers them in the app. strings.test.ts checks the pages' registrations.
import { addStrings } from './i18n';
import { arabic, translation } from './resources';

addStrings(translation, arabic);
