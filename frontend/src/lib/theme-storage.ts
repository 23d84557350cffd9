export type ThemeMode = 'dark' | 'light';

const THEME_KEY = 'theme';

export function readTheme(): ThemeMode {
  return window.localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

export function saveTheme(mode: ThemeMode): void {
  window.localStorage.setItem(THEME_KEY, mode);
}

/** Marks <html> so CSS outside Ant Design follows the theme too. */
export function applyTheme(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}
