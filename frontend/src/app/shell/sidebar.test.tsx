import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '@/app/shell/sidebar';
import { mockFetch } from '@/test/fetch-mock';
import { meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

describe('privilege-aware sidebar', () => {
  it('shows Users only to roles that may view users, and no empty Settings group', async () => {
    mockFetch({ 'GET /api/auth/me': { body: meWith({ Users: ['view'] }) } });
    renderWithProviders(<Sidebar />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/user-management');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Settings')).not.toBeInTheDocument();
  });

  it('lists Locations, Security Plan and Charges for Settings.view, and Roles only for Roles.view', async () => {
    mockFetch({ 'GET /api/auth/me': { body: meWith({ Settings: ['view'] }) } });
    renderWithProviders(<Sidebar />, { path: '/charges' });
    expect(await screen.findByRole('link', { name: 'Charges' })).toHaveAttribute('href', '/charges');
    expect(screen.getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/locations');
    expect(screen.getByRole('link', { name: 'Security Plan' })).toHaveAttribute('href', '/security-plan');
    expect(screen.queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('shows every module to a role that may view them all', async () => {
    mockFetch({ 'GET /api/auth/me': { body: meWith({ Users: ['view'], Roles: ['view'], Settings: ['view'] }) } });
    renderWithProviders(<Sidebar />, { path: '/roles' });
    expect(await screen.findByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/roles');
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('lists Invoices, Inbound and Outbound under Payments for Payments.view, in that order', async () => {
    mockFetch({ 'GET /api/auth/me': { body: meWith({ Payments: ['view'] }) } });
    renderWithProviders(<Sidebar />, { path: '/outbound-payments' });
    const outbound = await screen.findByRole('link', { name: 'Outbound' });
    expect(outbound).toHaveAttribute('href', '/outbound-payments');
    const payments = screen.getAllByRole('link').filter((link) => ['Invoices', 'Inbound', 'Outbound'].includes(link.textContent ?? ''));
    expect(payments.map((link) => link.textContent)).toEqual(['Invoices', 'Inbound', 'Outbound']);
  });
});
