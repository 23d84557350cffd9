import { App } from 'antd';
import type { ArgsProps } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { createToastTimers, TOAST_ID_ATTRIBUTE, type ToastTimers } from '@/lib/toast-timers';

type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** Top centre, below the top bar: at the top right a toast lay over the user menu and its 'Logout' as it opened. */
export const TOAST_PLACEMENT = 'top';

let timers: ToastTimers | null = null;
let sequence = 0;

/** One set of timers for the whole page: toasts pause on hover and while the window has no focus. */
function sharedTimers(): ToastTimers {
  timers ??= createToastTimers();
  return timers;
}

/** Toasts at the top centre, below the top bar (ThemeProvider's placement and `top`), that close after 5000 ms of visible time (the timing is ours, not Ant Design's). */
export function useToast() {
  const { notification } = App.useApp();

  return useMemo(() => {
    const show = (kind: ToastKind, title: ReactNode, description?: ReactNode) => {
      sequence += 1;
      const key = `toast-${sequence}`;
      const rootProps = { [TOAST_ID_ATTRIBUTE]: key } as ArgsProps['props'];
      notification[kind]({
        key,
        title,
        description,
        duration: false,
        placement: TOAST_PLACEMENT,
        props: rootProps,
        onClose: () => sharedTimers().stop(key),
      });
      sharedTimers().start(key, () => notification.destroy(key));
    };
    return {
      success: (title: ReactNode, description?: ReactNode) => show('success', title, description),
      error: (title: ReactNode, description?: ReactNode) => show('error', title, description),
      info: (title: ReactNode, description?: ReactNode) => show('info', title, description),
      warning: (title: ReactNode, description?: ReactNode) => show('warning', title, description),
    };
  }, [notification]);
}
