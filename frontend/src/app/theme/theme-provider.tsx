import { App as AntApp, ConfigProvider, theme } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeContext } from '@/app/theme/theme-context';
import { TOAST_PLACEMENT } from '@/components/use-toast';
import { directionOf, isLanguage } from '@/lib/i18n/language-storage';
import { applyTheme, readTheme, saveTheme, type ThemeMode } from '@/lib/theme-storage';
import { TOAST_DURATION_MS } from '@/lib/toast-timers';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/lib/use-media-query';

const BRAND = '#1d5fa8';
/** Ant Design's own font stack; Arabic puts IBM Plex Sans Arabic first (lib/i18n/arabic-font.ts loads it then). */
const FONTS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";
const ARABIC_FONTS = `'IBM Plex Sans Arabic', ${FONTS}`;
/** Dialogs open and close in 300 ms (the zoom-out and mask fade use the "mid" duration). */
const MODAL_MOTION = { motionDurationMid: '0.3s', motionDurationSlow: '0.3s' };

/**
 * The shell's top bar is Ant Design's 64 px Layout.Header; toasts open 8 px below it, centred, so that they cover
 * neither the user menu nor its dropdown at the right (at the top right, a toast lay over 'Logout' as it opened).
 */
const HEADER_HEIGHT = 64;
export const TOAST_TOP = HEADER_HEIGHT + 8;
const NOTIFICATIONS = { placement: TOAST_PLACEMENT, top: TOAST_TOP, duration: TOAST_DURATION_MS / 1000, pauseOnHover: true } as const;

/**
 * Ant Design's light or dark algorithm, the brand tokens, 300 ms modal motion and top-right toasts below the top bar. A system set
 * to reduce motion gets none: dialogs, menus and selects open at once (the end-to-end browser asks for that too,
 * so that no click lands on a menu that is still moving). In Arabic, right to left with Ant Design's Arabic texts.
 * A locale is always given: Ant Design wraps the page in a locale provider only when there is one, and adding that
 * wrapper at a switch of language would mount the whole page again (its forms and open dialogs lost).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readTheme);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      saveTheme(next);
      applyTheme(next);
      return next;
    });
  }, []);

  const context = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  const config = useMemo(
    () => ({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: BRAND, borderRadius: 8, motion: !reducedMotion, fontFamily: language === 'ar' ? ARABIC_FONTS : FONTS },
      components: { Modal: MODAL_MOTION },
    }),
    [mode, reducedMotion, language],
  );

  return (
    <ThemeContext.Provider value={context}>
      <ConfigProvider theme={config} direction={directionOf(language)} locale={language === 'ar' ? arEG : enUS}>
        <AntApp notification={NOTIFICATIONS}>
          {children}
        </AntApp>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
