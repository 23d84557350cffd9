import { createContext, useContext } from 'react';
import type { ThemeMode } from '@/lib/theme-storage';

export interface ThemeContextValue {
  mode: ThemeMode;
  toggle: () => void;
}

export const ThemeContext = createContext<ThemeContextValue>({ mode: 'light', toggle: () => undefined });

export function useThemeMode(): ThemeContextValue {
  return useContext(ThemeContext);
}
