import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ThemeContext } from '@/app/theme/theme-context';
import { TOAST_PLACEMENT } from '@/components/use-toast';
import { applyTheme, readTheme, saveTheme, type ThemeMode } from '@/lib/theme-storage';
import { TOAST_DURATION_MS } from '@/lib/toast-timers';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/lib/use-media-query';

const BRAND = '#1d5fa8';
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
 * so that no click lands on a menu that is still moving).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readTheme);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

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
      token: { colorPrimary: BRAND, borderRadius: 8, motion: !reducedMotion },
      components: { Modal: MODAL_MOTION },
    }),
    [mode, reducedMotion],
  );

  return (
    <ThemeContext.Provider value={context}>
      <ConfigProvider theme={config}>
        <AntApp notification={NOTIFICATIONS}>
          {children}
        </AntApp>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
