import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewBadges } from '@/app/shell/review-badges';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

describe('top bar review badges', () => {
  it('shows the members and vehicles waiting, each linking to its review list', async () => {
    mockFetch({ 'GET /api/dashboard/review-badges': { body: { membersPending: 1, vehiclesReview: 12 } } });
    renderWithProviders(<ReviewBadges />, { path: '/dashboard' });
    const members = await screen.findByRole('link', { name: '1 member waiting for review' });
    expect(members).toHaveAttribute('href', '/review-members');
    expect(members).toHaveTextContent('1');
    const vehicles = screen.getByRole('link', { name: '12 vehicles waiting for review' });
    expect(vehicles).toHaveAttribute('href', '/un-approved-vehicles');
    expect(vehicles).toHaveTextContent('12');
  });

  it('hides a badge at zero and for a module the role may not view', async () => {
    const fetch = mockFetch({ 'GET /api/dashboard/review-badges': { body: { membersPending: 0, vehiclesReview: null } } });
    renderWithProviders(<ReviewBadges />, { path: '/dashboard' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryAllByRole('link')).toHaveLength(0));
  });
});
