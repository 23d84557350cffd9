import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusBadge } from '@/components/status-badge';
import { SummaryCards } from '@/components/summary-cards';
import { renderWithProviders } from '@/test/render';

describe('SummaryCards', () => {
  it('shows each count; clickable cards are buttons that report the click', async () => {
    const onActive = vi.fn();
    renderWithProviders(
      <SummaryCards
        aria-label="Summary"
        items={[
          { key: 'total', label: 'Total users', value: 12 },
          { key: 'active', label: 'Active users', value: 9, onClick: onActive, active: false },
        ]}
      />,
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Total users/ })).not.toBeInTheDocument();
    const active = screen.getByRole('button', { name: /Active users/ });
    expect(active).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(active);
    active.focus();
    await userEvent.keyboard('{Enter}');
    expect(onActive).toHaveBeenCalledTimes(2);
  });
});

describe('StatusBadge', () => {
  it.each(['pending', 'success', 'approved', 'danger', 'info', 'scanned', 'default'] as const)('shows the %s style', (variant) => {
    renderWithProviders(<StatusBadge variant={variant}>Label</StatusBadge>);
    expect(screen.getByText('Label')).toHaveAttribute('data-variant', variant);
  });
});
