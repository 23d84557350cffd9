import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '@/app/shell/language-switch';
import i18n from '@/lib/i18n/i18n';
import { formatAed } from '@/lib/money';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

describe('the language switch', () => {
  it('shows the screens in Arabic, right to left, and keeps the choice on the user', async () => {
    const fetch = mockFetch({ 'PUT /api/auth/language': { body: { _id: 'me', language: 'ar' } } });
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the screens in Arabic' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('nav.dashboard')).toBe('لوحة المعلومات');
    expect(formatAed('1250')).toBe(new Intl.NumberFormat('ar-AE-u-nu-latn', { style: 'currency', currency: 'AED' }).format(1250));
    expect(formatAed('1250')).toMatch(/^\D*1,250\.00/);
    expect(sentRequest(fetch, 0).body).toEqual({ language: 'ar' });
    expect(window.localStorage.getItem('gavel.language')).toBe('ar');
    // The way back is written in English, whatever the screens' language.
    expect(await screen.findByRole('button', { name: 'اعرض الشاشات بالإنجليزية' })).toHaveTextContent('English');
  });

  it('goes back to English and says so when the choice cannot be saved', async () => {
    mockFetch({ 'PUT /api/auth/language': { status: 503, body: { message: 'The service is not available right now. Please try again later.' } } });
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the screens in Arabic' }));
    expect(await screen.findByText('The service is not available right now. Please try again later.')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.language).toBe('en');
  });

  it('sends the screens’ language with every call', async () => {
    const fetch = mockFetch({ 'PUT /api/auth/language': { body: { _id: 'me', language: 'ar' } } });
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the screens in Arabic' }));
    // The switch's own call already asks for the new language's sentences.
    expect(sentRequest(fetch, 0).headers['Accept-Language']).toBe('ar');
    await userEvent.click(await screen.findByRole('button', { name: 'اعرض الشاشات بالإنجليزية' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(sentRequest(fetch, 1).headers['Accept-Language']).toBe('en');
  });
});
