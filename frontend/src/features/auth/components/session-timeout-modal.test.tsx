import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionTimeoutModal } from '@/features/auth/components/session-timeout-modal';

describe('session timeout dialog', () => {
  it('stays closed while the user is active', () => {
    render(<SessionTimeoutModal secondsLeft={null} onStay={vi.fn()} onLogout={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the countdown and both choices', async () => {
    const onStay = vi.fn();
    const onLogout = vi.fn();
    render(<SessionTimeoutModal secondsLeft={299} onStay={onStay} onLogout={onLogout} />);
    const dialog = await screen.findByRole('dialog', { name: 'Session Timeout' });
    expect(within(dialog).getByRole('timer')).toHaveTextContent('4:59');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep me logged in' }));
    expect(onStay).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out once when the countdown reaches zero', () => {
    const onLogout = vi.fn();
    const { rerender } = render(<SessionTimeoutModal secondsLeft={1} onStay={vi.fn()} onLogout={onLogout} />);
    rerender(<SessionTimeoutModal secondsLeft={0} onStay={vi.fn()} onLogout={onLogout} />);
    rerender(<SessionTimeoutModal secondsLeft={0} onStay={vi.fn()} onLogout={onLogout} />);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
