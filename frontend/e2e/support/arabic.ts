import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiAs, createRole, mobileFor, uniqueStamp, type Api, type Privilege } from './api';
import { signIn, submitSignIn } from './auth';
import { dialog } from './ui';

/*
 * Helpers of e2e/arabic.spec.ts (issue 27, the staff web app in Arabic): the screens' own strings in both languages
 * (read from src/lib/i18n, so the spec finds buttons by the same words a person reads), a staff user of every
 * privilege in a language of their choice, the hunt for English words on a screen, the CSP watch, and the text of a
 * downloaded PDF.
 */

// ---------------------------------------------------------------------------------------------------------------
// The catalogues
// ---------------------------------------------------------------------------------------------------------------

type Catalogue = Record<string, unknown>;

const I18N = join(import.meta.dirname, '../../src/lib/i18n');

/** The keys src/lib/i18n/resources.ts files each module's strings under, and the file each comes from. */
const MODULES: Record<string, string> = {
  members: 'members',
  vehicles: 'vehicles',
  auctionEvents: 'auction-events',
  auctions: 'auctions',
  invoices: 'invoices',
  payments: 'payments',
  outbound: 'outbound',
  business: 'business',
  gate: 'gate',
  alerts: 'alerts',
  dashboardCharts: 'dashboard-charts',
  dashboardTotals: 'dashboard-totals',
  sessions: 'sessions',
  dashboard: 'dashboard',
  reports: 'reports',
  audit: 'audit',
  twoStep: 'two-step',
  labels: 'labels',
  lots: 'lots',
};

function catalogue(language: 'en' | 'ar'): Catalogue {
  const read = (file: string) => JSON.parse(readFileSync(join(I18N, file), 'utf8')) as Catalogue;
  const whole = read(language === 'en' ? 'en.json' : 'ar.json');
  for (const [key, file] of Object.entries(MODULES)) whole[key] = read(`${file}.${language}.json`);
  return whole;
}

const CATALOGUES = { en: catalogue('en'), ar: catalogue('ar') };

/** A string of the screens, as i18next's t() gives it (`{{name}}` filled in). */
function translate(language: 'en' | 'ar', key: string, values: Record<string, string | number> = {}): string {
  let found: unknown = CATALOGUES[language];
  for (const part of key.split('.')) found = (found as Catalogue | undefined)?.[part];
  if (typeof found !== 'string') throw new Error(`no ${language} string ${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${key} needs {{${name}}}`);
    return String(values[name]);
  });
}

export const ar = (key: string, values?: Record<string, string | number>) => translate('ar', key, values);
export const en = (key: string, values?: Record<string, string | number>) => translate('en', key, values);

// ---------------------------------------------------------------------------------------------------------------
// Staff users
// ---------------------------------------------------------------------------------------------------------------

const EVERY_MODULE = ['Members', 'Vehicles', 'Auctions', 'Calender', 'Payments', 'Roles', 'Users', 'Settings', 'Alerts', 'Reports', 'AuditLog', 'Sessions'];
const EVERY_PRIVILEGE: Privilege[] = ['add', 'view', 'edit', 'delete', 'updateStatus'];

export interface Staff {
  fullName: string;
  email: string;
  password: string;
}

/** The first administrator, signed in in a browser of their own: the givens are made with their session. */
export async function adminSession(browser: Browser, baseURL: string | undefined): Promise<{ api: Api; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', locale: 'en-GB', timezoneId: 'Asia/Dubai' });
  const page = await context.newPage();
  await signIn(page);
  return { api: await apiAs(page), context };
}

/**
 * A staff user of a new role holding every privilege, who has chosen their own password; `language` 'ar' is saved on
 * the user (PUT /api/auth/language, in that first session) as the switch saves it. The user is signed out after.
 * Never the shared administrator: the language is kept on the user, and the other specs read the screens in English.
 */
export async function createStaff(api: Api, language: 'en' | 'ar'): Promise<Staff> {
  const stamp = uniqueStamp();
  const grants = Object.fromEntries(EVERY_MODULE.map((module) => [module, EVERY_PRIVILEGE]));
  const role = await createRole(api, `Arabic desk ${stamp}`, grants);
  // A Latin name, as most staff names are kept: the screens show it as data.
  const staff: Staff = { fullName: `Layla Haddad ${stamp.slice(-5)}`, email: `layla.${stamp}@example.com`, password: 'Falcon-Oasis-2027' };
  const given = `Given-${stamp}-Pw`;
  await api.send('POST', '/users/create', { fullName: staff.fullName, email: staff.email, phone: mobileFor(stamp), password: given, rolePermission: role, userAccountStatus: 'Active' });
  const request = api.page.request;
  const login = await request.post('/api/auth/login', { data: { email: staff.email, password: given } });
  expect(login.ok(), `login answered ${login.status()}: ${await login.text()}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const changed = await request.put('/api/auth/change-password', { headers, data: { currentPassword: given, password: staff.password, confirmPassword: staff.password } });
  expect(changed.ok(), `change-password answered ${changed.status()}: ${await changed.text()}`).toBe(true);
  if (language === 'ar') {
    const chosen = await request.put('/api/auth/language', { headers, data: { language } });
    expect(chosen.ok(), `PUT /api/auth/language answered ${chosen.status()}: ${await chosen.text()}`).toBe(true);
  }
  const out = await request.post('/api/auth/logout', { headers });
  expect(out.ok(), `logout answered ${out.status()}`).toBe(true);
  return staff;
}

/** Signs in on the (English: the browser's language) sign-in page and lands on the dashboard in `language`. */
export async function signInAs(page: Page, staff: Staff, language: 'en' | 'ar'): Promise<void> {
  await submitSignIn(page, { email: staff.email, password: staff.password });
  const welcome = language === 'ar' ? ar('dashboard.welcome', { name: staff.fullName }) : en('dashboard.welcome', { name: staff.fullName });
  await expect(page.getByRole('heading', { name: welcome, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs out in Arabic: the user menu, Logout, and the confirmation. */
export async function signOutInArabic(page: Page): Promise<void> {
  await page.getByRole('button', { name: ar('topBar.userMenu') }).click();
  await page.getByRole('menuitem', { name: ar('topBar.logout') }).click();
  const confirm = await dialog(page, ar('logout.title'));
  await confirm.getByRole('button', { name: ar('common.confirm'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Opens an address inside the SPA, as a click on a link of the sidebar does (no reload), and waits for its screen: a
 * title (<h1>) that is not the last screen's (a new element, or the same element with a new text).
 */
export async function openInApp(page: Page, to: string): Promise<void> {
  const left = await page.evaluate((where) => {
    const here = `${window.location.pathname}${window.location.search}`;
    const titles = [...document.querySelectorAll('h1')];
    for (const title of titles) title.setAttribute('data-left-behind', title.textContent ?? '');
    window.history.pushState({}, '', where);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return here !== where && titles.length > 0;
  }, to);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
  if (!left) return;
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('h1')].some(
            (title) => title.checkVisibility() && (!title.hasAttribute('data-left-behind') || title.getAttribute('data-left-behind') !== title.textContent),
          ),
        ),
      { message: `${to} shows its own title`, timeout: 15_000 },
    )
    .toBe(true);
}

/** Waits until no call to /api has been in flight for half a second (the screen has its data). */
export function watchApiCalls(page: Page): { quiet: () => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const counts = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!counts(request.url())) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (url: string) => {
    if (!counts(url)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  return {
    async quiet() {
      await expect.poll(() => inFlight === 0 && Date.now() - lastChange >= 500, { message: 'the calls to /api settle', timeout: 15_000, intervals: [100] }).toBe(true);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// English words on a screen
// ---------------------------------------------------------------------------------------------------------------

/**
 * Latin words an Arabic screen may show, each kept in Latin by the Arabic catalogues themselves (src/lib/i18n/*.ar.json)
 * because that is how they are written in the UAE's Arabic:
 * - codes printed as such on documents, cars and forms: VIN (stamped on the car), IBAN and AE (the ISO country code
 *   every UAE IBAN begins with, in the IBAN fields' hints), TRN (the FTA's tax number),
 *   VAT (in the FTA's form name "VAT 201"), NIC, QR (the gate pass's code), IP (an address), SVD (the vehicle list's
 *   column, spelt out beside it), SUV, FWD, RWD, AWD, CNG, LPG, CVT (body, drive, fuel and gearbox types);
 * - file and message formats the person chooses or downloads: PDF, CSV, XLSX, JPEG, PNG, WebP, SMS;
 * - the names of other companies' products and their fields: Twilio, its "Content SID" and the HX its SIDs begin with,
 *   Meta, Google Authenticator, Microsoft Authenticator;
 * - a key of the keyboard, written as on the key: Enter; and the keyword a member texts to stop messages: STOP.
 * Not allowed: AED (formatAed writes "د.إ." in Arabic, so a Latin AED is an English format left behind), ID (the Arabic
 * says هوية), Gavel (the product is جافل in Arabic), English and any ordinary word. A token holding a digit (INV-2026-…,
 * AE07, 784-YYYY-…, 4WD) is a code or a number, never an English word, and is not flagged.
 */
export const LATIN_ALLOWED = new Set([
  'VIN', 'IBAN', 'TRN', 'VAT', 'NIC', 'QR', 'IP', 'SVD', 'SUV', 'FWD', 'RWD', 'AWD', 'CNG', 'LPG', 'CVT',
  'PDF', 'CSV', 'XLSX', 'JPEG', 'PNG', 'WebP', 'SMS',
  'AE', 'Twilio', 'SID', 'HX', 'Meta', 'Google', 'Microsoft', 'Authenticator',
  'Enter', 'STOP',
]);

/**
 * Latin phrases allowed as a whole: a product's field, and the English opt-out text the business settings' hint quotes
 * as an example of what members receive (business.ar.json's promoOptOut, «To opt out send B AD-GAVEL to 7726»).
 */
export const LATIN_PHRASES_ALLOWED = ['Content SID', 'To opt out send B AD-GAVEL to'];

/** A word: letters and digits, joined by - / . ' ’ _ @ & + (N/A, e-mail, O’Brien, buyer@example.com are one word each). */
const WORD = /[A-Za-z0-9]+(?:[-/.'’_@&+][A-Za-z0-9]+)*/g;
const PART = /[A-Za-z0-9]+/g;

function latinLetters(word: string): number {
  return word.replace(/[^A-Za-z]/g, '').length;
}

/** Every word and part of a word in a text (case kept): what the data of the API holds. */
export function wordsOf(text: string): string[] {
  return [...(text.match(WORD) ?? []), ...(text.match(PART) ?? [])];
}

/**
 * The data: every string value in the JSON of the API's answers the page received, except the sentences the API
 * writes for the person ('message', 'detail', 'errors': those come in the request's language and are checked like the
 * screens' own strings). A value that is one lower-case or camelCase identifier ("approved", "bankTransfer") is a
 * code of the API, which the screens must put in words: it excuses nothing.
 *
 * Its words excuse a word of a screen only when the screen received them (the answers since `mark()`, when the
 * screen was opened) or they came before any screen (the signed-in user's name, from the sign-in): English words are
 * common in data (the English texts of members' messages), and one screen's data must not excuse another screen's
 * labels. Case-sensitive: a label "Sold" is not excused by a value "sold". Its strings, whole, excuse a piece of text
 * that is one of them verbatim, whenever they came (a name a screen shows from its cache).
 */
export interface Data {
  /** The words (and parts of words) of the answers before the first mark() and since the last. */
  words: () => Set<string>;
  /** Every string of the data, spaces squeezed, joined by NUL: a piece of text found in it is data. */
  blob: () => string;
  /** A screen opens: its own answers start from here. */
  mark: () => void;
  /** Waits for the answers still being read. */
  settle: () => Promise<void>;
}

export function watchData(page: Page): Data {
  const baseline = new Set<string>();
  let recent: Set<string> | null = null;
  const strings = new Set<string>();
  const pending = new Set<Promise<void>>();
  const SENTENCES = new Set(['message', 'detail', 'errors', 'error', 'msg']);
  const walk = (value: unknown, key: string, verdict = false) => {
    if (typeof value === 'string') {
      // A verdict's reason ({ allowed, reason }) is the server's sentence why not, a tooltip of the screens.
      if (SENTENCES.has(key) || (verdict && key === 'reason') || /^[a-z][A-Za-z]*$/.test(value)) return;
      for (const word of wordsOf(value)) (recent ?? baseline).add(word);
      strings.add(value.replace(/\s+/g, ' ').trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === 'object') {
      const isVerdict = typeof (value as { allowed?: unknown }).allowed === 'boolean';
      for (const [name, item] of Object.entries(value)) walk(item, name, isVerdict);
    }
  };
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const reading: Promise<void> = response
      .json()
      .then((body: unknown) => walk(body, ''))
      .catch(() => undefined)
      .finally(() => pending.delete(reading));
    pending.add(reading);
  });
  return {
    words: () => new Set([...baseline, ...(recent ?? [])]),
    blob: () => [...strings].join('\u0000'),
    mark: () => {
      recent = new Set();
    },
    async settle() {
      await Promise.all([...pending]);
    },
  };
}

/** A piece of visible text holding Latin words, as the page shows it. */
export interface SeenText {
  /** The words of 2+ Latin letters and no digit, before the data and the allowed words are taken out. */
  words: string[];
  /** The text node's own text (or the placeholder), the allowed phrases taken out. */
  raw: string;
  /** The element's whole text (or "placeholder: …"), cut to 200 characters. */
  text: string;
  /** Where it is: the element and its nearest ancestors with a class or a role. */
  where: string;
}

/** A Latin word an Arabic screen shows outside its data. */
export interface Offender {
  screen: string;
  word: string;
  text: string;
  where: string;
}

/**
 * Every visible text of the page holding Latin words: text nodes (not in <script>, <style>, inputs or an element in
 * English, lang="en": the switch back to English names its language in English), and the placeholders of empty
 * inputs. Hidden means not rendered (display, visibility, opacity, content-visibility), of no size, clipped to nothing
 * (screen-reader text) or placed outside the document. aria-hidden is not hidden: it hides a text from screen readers,
 * not from the eye (FullCalendar's day names are aria-hidden and on screen).
 */
export async function latinTexts(root: Locator): Promise<SeenText[]> {
  const phrases = LATIN_PHRASES_ALLOWED;
  const seen = await root.evaluate((rootElement, allowedPhrases) => {
    const found: { text: string; raw: string; where: string }[] = [];
    const docWidth = document.documentElement.scrollWidth;
    const docHeight = document.documentElement.scrollHeight;
    const excluded = 'script, style, noscript, template, textarea, input, select, [contenteditable="true"], [lang="en"], [lang^="en-"]';
    const clippedAway = (element: Element): boolean => {
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const rect = at.getBoundingClientRect();
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || /inset\(50%\)|rect\(0/.test(style.clipPath)) return true;
        if (style.overflow !== 'visible' && (rect.width <= 1 || rect.height <= 1)) return true;
      }
      return false;
    };
    const shown = (element: Element, rects: DOMRectList | DOMRect[]): boolean => {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true, contentVisibilityAuto: true })) return false;
      const scrollX = window.scrollX;
      const scrollY = window.scrollY;
      const inDocument = [...rects].some(
        (rect) => rect.width > 0 && rect.height > 0 && rect.right + scrollX > 0 && rect.left + scrollX < docWidth && rect.bottom + scrollY > 0 && rect.top + scrollY < docHeight,
      );
      return inDocument && !clippedAway(element);
    };
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && at !== document.body && parts.length < 4; at = at.parentElement) {
        const role = at.getAttribute('role');
        const label = at.getAttribute('aria-label');
        const classes = [...at.classList].filter((name) => !/^css-|^ant-[\w-]*-(?:rtl|css-var)/.test(name)).slice(0, 2).join('.');
        if (parts.length === 0 || classes || role || label) {
          parts.push(`${at.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${role ? `[role=${role}]` : ''}${label ? `[aria-label="${label.slice(0, 40)}"]` : ''}`);
        }
      }
      return parts.join(' < ');
    };
    const strip = (text: string) => allowedPhrases.reduce((rest, phrase) => rest.split(phrase).join(' '), text);
    const walker = document.createTreeWalker(rootElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const raw = node.nodeValue ?? '';
      if (!/[A-Za-z]{1}/.test(raw)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest(excluded)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (!shown(parent, range.getClientRects())) continue;
      const whole = (parent.textContent ?? '').replace(/\s+/g, ' ').trim();
      found.push({ text: whole.slice(0, 200), raw: strip(raw), where: describe(parent) });
    }
    for (const field of rootElement.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (field.value !== '' || field.closest('[lang="en"], [lang^="en-"]')) continue;
      if (!shown(field, [field.getBoundingClientRect()])) continue;
      const placeholder = field.placeholder;
      if (/[A-Za-z]/.test(placeholder)) found.push({ text: `placeholder: ${placeholder.slice(0, 190)}`, raw: strip(placeholder), where: describe(field) });
    }
    return found;
  }, phrases);
  return seen
    .map(({ text, raw, where }) => ({ text, raw, where, words: (raw.match(WORD) ?? []).filter((word) => latinLetters(word) >= 2 && !/\d/.test(word)) }))
    .filter((item) => item.words.length > 0);
}

/** Whether a word is excused: an allowed word, a word of the data, or a word made only of such parts (Dubai/Sharjah). */
export function excused(word: string, data: Set<string>): boolean {
  if (LATIN_ALLOWED.has(word) || data.has(word)) return true;
  const parts = word.match(PART) ?? [];
  return parts.length > 1 && parts.every((part) => LATIN_ALLOWED.has(part) || data.has(part) || /\d/.test(part));
}

/**
 * The pieces of a text that are not Arabic, cut at the separators the screens put between values (· | , ; : ( ) « »
 * and quotes): "Lot 1001 · Patrol 1 · VIN 1HG…" gives "Lot 1001", "Patrol 1", "VIN 1HG…".
 */
function latinPieces(raw: string): string[] {
  return raw
    .split(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF·•|,;:()«»"“”[\]]+/)
    .map((piece) => piece.trim())
    .filter((piece) => /[A-Za-z]/.test(piece));
}

/** The words of a catalogue's strings, placeholders left out. */
function catalogueWords(language: 'en' | 'ar'): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') for (const word of value.replace(/\{\{[^}]*\}\}/g, ' ').match(PART) ?? []) words.add(word);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(CATALOGUES[language]);
  return words;
}

/**
 * Words of the English screens' own strings that the Arabic ones never use ("Lot", "Paid"): a word excused as data
 * that is one of these may be an English label the API wrote into its data (a line's description), worth a look.
 */
const ENGLISH_ONLY_WORDS = (() => {
  const arabic = catalogueWords('ar');
  return new Set([...catalogueWords('en')].filter((word) => latinLetters(word) >= 2 && !arabic.has(word)));
})();

function unique(offenders: Offender[]): Offender[] {
  return [...new Map(offenders.map((offender) => [`${offender.word}\u0000${offender.text}`, offender])).values()];
}

/**
 * The Latin words a screen (or a part of it: `within`, a toast) shows outside its data, each with its element's text
 * and where it is. `suspects`, when given, receives the words excused only as data that are words of the English
 * screens' strings (see ENGLISH_ONLY_WORDS): not failures, a list to look through.
 */
export async function englishOnScreen(
  page: Page,
  screen: string,
  data: Data,
  within: Locator = page.locator('body'),
  suspects?: Offender[],
): Promise<Offender[]> {
  await data.settle();
  const offenders: Offender[] = [];
  const doubtful: Offender[] = [];
  const blob = data.blob();
  const words = data.words();
  for (const item of await latinTexts(within)) {
    // The words of a piece of text found verbatim in the data.
    const verbatim = new Set(latinPieces(item.raw).filter((piece) => blob.includes(piece)).flatMap((piece) => piece.match(WORD) ?? []));
    for (const word of item.words) {
      const found = { screen, word, text: item.text, where: item.where };
      if (!verbatim.has(word) && !excused(word, words)) offenders.push(found);
      else if (!LATIN_ALLOWED.has(word) && (word.match(PART) ?? []).some((part) => ENGLISH_ONLY_WORDS.has(part))) doubtful.push(found);
    }
  }
  suspects?.push(...unique(doubtful));
  return unique(offenders);
}

/** The offenders as the lead reads them: "'Word' in "element text" (where)". */
export function describeOffenders(offenders: Offender[]): string {
  return offenders.map((offender) => `'${offender.word}' in "${offender.text}" (${offender.where})`).join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The strict CSP
// ---------------------------------------------------------------------------------------------------------------

declare global {
  interface Window {
    __arabicCspViolations?: string[];
  }
}

/**
 * Watches a page for CSP violations as e2e/csp.spec.ts does: `securitypolicyviolation` events kept on the page (from
 * before any script of the app runs) and "Refused to …" console messages. `take()` answers what came since the last.
 */
export async function watchCsp(page: Page): Promise<{ take: () => Promise<string[]> }> {
  await page.addInitScript(() => {
    window.__arabicCspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__arabicCspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  let console: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) console.push(`console: ${text}`);
  });
  return {
    async take() {
      const events = await page.evaluate(() => {
        const kept = window.__arabicCspViolations ?? [];
        window.__arabicCspViolations = [];
        return kept;
      });
      const all = [...console, ...events.map((event) => `securitypolicyviolation: ${event}`)];
      console = [];
      return all;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sideways scrolling
// ---------------------------------------------------------------------------------------------------------------

/** The page's width against its viewport's, and every visible table scroll box that is wider than it shows. */
export async function sidewaysScroll(page: Page): Promise<{ page: [number, number]; tables: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll('.ant-table-content, .ant-table-body')]
      .filter((box) => box.checkVisibility() && box.scrollWidth > box.clientWidth)
      .map((box) => {
        const name = box.closest('.ant-table-wrapper')?.querySelector('table')?.getAttribute('aria-label') ?? '(a table without a name)';
        return `${name}: ${box.scrollWidth} px of content in ${box.clientWidth} px`;
      });
    return { page: [root.scrollWidth, root.clientWidth] as [number, number], tables };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The text of a PDF
// ---------------------------------------------------------------------------------------------------------------

/*
 * No PDF library is among the frontend's packages, and the check needs the text, not the bytes: a bilingual invoice
 * draws its Arabic with an embedded font whose glyphs map back to letters only through the font's ToUnicode CMap. So a
 * small reader, with Node's own zlib: the objects of the file (ReportLab writes them plainly, no object streams), their
 * streams decoded (FlateDecode, ASCII85Decode), each font's ToUnicode CMap, and the strings the content streams show
 * (Tj, TJ, ', ") decoded through the font in use (Tf). A font without a CMap (Helvetica) shows its bytes as Latin-1.
 */

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/\s+/g, '').replace(/^<~/, '').replace(/~>.*$/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    const bytes = [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    out.push(...bytes.slice(0, count));
    group = [];
  };
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    group.push(char.charCodeAt(0) - 33);
    if (group.length === 5) flush(4);
  }
  if (group.length > 0) flush(group.length - 1);
  return Buffer.from(out);
}

function decodeStream(dict: string, raw: Buffer): Buffer | undefined {
  const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1]?.match(/\/\w+/g) ?? [];
  let data = raw;
  for (const filter of filters) {
    if (filter === '/FlateDecode') data = inflateSync(data);
    else if (filter === '/ASCII85Decode') data = ascii85(data);
    else return undefined; // an image's DCTDecode and the like: no text in it
  }
  return data;
}

function pdfObjects(file: Buffer): Map<number, PdfObject> {
  const text = file.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+)\s+\d+\s+obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const streamAt = text.indexOf('stream', start);
    if (streamAt >= 0 && (end < 0 || streamAt < end)) {
      const dict = text.slice(start, streamAt);
      let dataStart = streamAt + 'stream'.length;
      if (text[dataStart] === '\r') dataStart += 1;
      if (text[dataStart] === '\n') dataStart += 1;
      const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
      const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
      objects.set(Number(match[1]), { dict, stream: file.subarray(dataStart, dataEnd) });
      header.lastIndex = text.indexOf('endobj', dataEnd) + 'endobj'.length;
    } else {
      objects.set(Number(match[1]), { dict: text.slice(start, end < 0 ? undefined : end) });
      if (end >= 0) header.lastIndex = end + 'endobj'.length;
    }
  }
  return objects;
}

function utf16(hex: string): string {
  let out = '';
  for (let at = 0; at + 4 <= hex.length; at += 4) out += String.fromCharCode(parseInt(hex.slice(at, at + 4), 16));
  return out;
}

/** A ToUnicode CMap: code (as hex) -> text, and how many bytes a code takes. */
function toUnicode(cmap: string): { codes: Map<number, string>; bytes: number } {
  const codes = new Map<number, string>();
  let bytes = 1;
  const range = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  if (range) bytes = range[1]!.length / 2;
  for (const block of cmap.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
    for (const [, code, target] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) codes.set(parseInt(code!, 16), utf16(target!));
  }
  for (const block of cmap.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
    for (const [, low, high, target, list] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g)) {
      const from = parseInt(low!, 16);
      const to = parseInt(high!, 16);
      if (list !== undefined) {
        const targets = [...list.matchAll(/<([0-9a-fA-F]*)>/g)].map((item) => utf16(item[1]!));
        targets.forEach((value, index) => codes.set(from + index, value));
      } else {
        const first = parseInt(target!.slice(-4), 16);
        const prefix = utf16(target!.slice(0, -4));
        for (let code = from; code <= to; code += 1) codes.set(code, prefix + String.fromCharCode(first + code - from));
      }
    }
  }
  return { codes, bytes };
}

type Font = { codes: Map<number, string>; bytes: number } | null;

function showString(bytes: number[], font: Font): string {
  if (!font) return String.fromCharCode(...bytes);
  let out = '';
  for (let at = 0; at + font.bytes <= bytes.length; at += font.bytes) {
    let code = 0;
    for (let byte = 0; byte < font.bytes; byte += 1) code = code * 256 + bytes[at + byte]!;
    out += font.codes.get(code) ?? '';
  }
  return out;
}

/** The strings of a content stream shown by its text operators, decoded through the fonts. */
function showText(content: string, fonts: Map<string, Font>): string {
  const out: string[] = [];
  let font: Font = null;
  let operands: (string | number | number[] | (number[] | number)[])[] = [];
  let at = 0;
  const literal = (): number[] => {
    const bytes: number[] = [];
    let depth = 1;
    at += 1;
    while (at < content.length && depth > 0) {
      const char = content[at]!;
      if (char === '\\') {
        const next = content[at + 1]!;
        const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
        if (next in escapes) {
          bytes.push(escapes[next]!);
          at += 2;
        } else if (/[0-7]/.test(next)) {
          const octal = /^[0-7]{1,3}/.exec(content.slice(at + 1, at + 4))![0];
          bytes.push(parseInt(octal, 8) & 255);
          at += 1 + octal.length;
        } else {
          at += 2; // a line continuation or an unknown escape: nothing
        }
        continue;
      }
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      if (depth > 0) bytes.push(char.charCodeAt(0));
      at += 1;
    }
    return bytes;
  };
  const hex = (): number[] => {
    const end = content.indexOf('>', at);
    const digits = content.slice(at + 1, end).replace(/\s+/g, '');
    at = end + 1;
    const padded = digits.length % 2 ? `${digits}0` : digits;
    return [...padded.matchAll(/../g)].map((pair) => parseInt(pair[0], 16));
  };
  let array: (number[] | number)[] | null = null;
  while (at < content.length) {
    const char = content[at]!;
    if (/\s/.test(char)) {
      at += 1;
    } else if (char === '%') {
      at = content.indexOf('\n', at) < 0 ? content.length : content.indexOf('\n', at);
    } else if (char === '(') {
      const bytes = literal();
      if (array) array.push(bytes);
      else operands.push(bytes);
    } else if (char === '<' && content[at + 1] === '<') {
      at = content.indexOf('>>', at) + 2; // an inline dictionary (BDC properties): no text
    } else if (char === '<') {
      const bytes = hex();
      if (array) array.push(bytes);
      else operands.push(bytes);
    } else if (char === '[') {
      array = [];
      at += 1;
    } else if (char === ']') {
      operands.push(array ?? []);
      array = null;
      at += 1;
    } else if (char === '/') {
      const name = /^\/[^\s/<>[\]()]*/.exec(content.slice(at))![0];
      operands.push(name);
      at += name.length;
    } else {
      const token = /^[^\s/<>[\]()%]+/.exec(content.slice(at))?.[0] ?? char;
      at += token.length;
      if (/^[-+.\d]+$/.test(token)) {
        if (array) array.push(Number(token));
        else operands.push(Number(token));
        continue;
      }
      if (token === 'Tf') font = fonts.get(String(operands[0]).slice(1)) ?? null;
      else if (token === 'Tj' || token === "'" || token === '"') out.push(showString(operands[operands.length - 1] as number[], font));
      else if (token === 'TJ') {
        for (const item of operands[operands.length - 1] as (number[] | number)[]) {
          if (typeof item === 'number') {
            if (item < -200) out.push(' ');
          } else out.push(showString(item, font));
        }
      } else if (token === 'ET' || token === 'T*' || token === 'Td' || token === 'TD' || token === 'Tm') out.push(token === 'ET' ? '\n' : ' ');
      operands = [];
    }
  }
  return out.join('');
}

/**
 * The text a PDF shows, page content and form XObjects alike, in the order the file draws it (ReportLab draws Arabic
 * in visual order, right to left: see pdfHas).
 */
export function pdfText(file: Buffer): string {
  const objects = pdfObjects(file);
  const decoded = new Map<number, string>();
  for (const [number, object] of objects) {
    if (!object.stream) continue;
    try {
      const data = decodeStream(object.dict, object.stream);
      if (data) decoded.set(number, data.toString('latin1'));
    } catch {
      // A stream that does not decode holds no text this reader could read.
    }
  }
  // Each font object's CMap, then the resource names that point at fonts (/F2+0 7 0 R).
  const fontOf = new Map<number, Font>();
  for (const [number, object] of objects) {
    if (!/\/Type\s*\/Font\b/.test(object.dict)) continue;
    const cmap = /\/ToUnicode\s+(\d+)\s+\d+\s+R/.exec(object.dict)?.[1];
    const text = cmap ? decoded.get(Number(cmap)) : undefined;
    fontOf.set(number, text ? toUnicode(text) : null);
  }
  const fonts = new Map<string, Font>();
  for (const object of objects.values()) {
    for (const [, name, target] of object.dict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) {
      if (fontOf.has(Number(target))) fonts.set(name!, fontOf.get(Number(target))!);
    }
  }
  const shown: string[] = [];
  for (const content of decoded.values()) {
    if (/\bBT\b/.test(content) && /\bTf\b/.test(content)) shown.push(showText(content, fonts));
  }
  return shown.join('\n');
}

/** Arabic as the letters are, whatever the PDF drew: presentation forms and ligatures (ﻓ, ﻻ) back to letters, no tatweel. */
function letters(text: string): string {
  return text.normalize('NFKC').replace(/\u0640/g, '');
}

const reversed = (text: string) => [...text].reverse().join('');

/**
 * Whether the PDF's text holds `phrase`. A PDF may draw Arabic in the visual order, right to left, so besides the
 * logical order the text is also read reversed as a whole and with each word reversed (ReportLab's shaping reverses
 * each word's glyphs); a ligature glyph (ﴐ for ضر) is one character, reversed before it is spelt out. The phrase's
 * words may come in either order; spaces are not compared.
 */
export function pdfHas(text: string, phrase: string): boolean {
  const squeeze = (value: string) => letters(value).replace(/\s+/g, '');
  const readings = [text, reversed(text), text.split(/(\s+)/).map(reversed).join('')].map(squeeze);
  const words = phrase.trim().split(/\s+/);
  const wanted = [words.join(''), [...words].reverse().join('')].map(squeeze);
  return readings.some((reading) => wanted.some((want) => reading.includes(want)));
}
