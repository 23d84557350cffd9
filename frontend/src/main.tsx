import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n/i18n';
import { App } from '@/app/app';
import { applyLanguage, currentLanguage } from '@/lib/i18n/language';
import { applyTheme, readTheme } from '@/lib/theme-storage';
import '@/styles.css';

applyTheme(readTheme());
applyLanguage(currentLanguage());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
