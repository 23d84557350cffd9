import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/app/shell/app-shell';
import { MOBILE_QUERY } from '@/lib/use-media-query';
import { mockFetch } from '@/test/fetch-mock';
import { meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** A screen of 1024 px or less: the sidebar is a drawer, loaded when first opened (issue 16). */
function smallScreen() {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: query === MOBILE_QUERY }));
}

describe('app shell', () => {
  it('shows the sidebar with the brand on a large screen', async () => {
    mockFetch({ 'GET /api/auth/me': { body: meWith({ Users: ['view'] }) } });
    renderWithProviders(<AppShell />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Gavel', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the menu drawer on a small screen, and a link closes it', async () => {
    smallScreen();
    mockFetch({ 'GET /api/auth/me': { body: meWith({ Users: ['view'] }) } });
    renderWithProviders(<AppShell />, { path: '/dashboard' });
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Gavel')).toBeInTheDocument();
    await userEvent.click(await within(drawer).findByRole('link', { name: 'Users' }));
    expect(await screen.findByText('path: /user-management')).toBeInTheDocument();
  });
});
