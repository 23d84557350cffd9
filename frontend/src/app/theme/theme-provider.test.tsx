import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider, TOAST_TOP } from '@/app/theme/theme-provider';
import { useToast } from '@/components/use-toast';

function MotionProbe() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'motion on' : 'motion off'}</p>;
}

function ToastButton() {
  const toast = useToast();
  return <button type="button" onClick={() => toast.success('Saved')}>Save</button>;
}

const realMatchMedia = window.matchMedia;

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: reduce && query === '(prefers-reduced-motion: reduce)' });
}

describe('ThemeProvider', () => {
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('animates by default', () => {
    prefersReducedMotion(false);
    render(<ThemeProvider><MotionProbe /></ThemeProvider>);
    expect(screen.getByText('motion on')).toBeInTheDocument();
  });

  it('switches Ant Design motion off when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    render(<ThemeProvider><MotionProbe /></ThemeProvider>);
    expect(screen.getByText('motion off')).toBeInTheDocument();
  });

  it('opens toasts below the 64 px top bar, centred, off the user menu and its dropdown', async () => {
    render(<ThemeProvider><ToastButton /></ThemeProvider>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(TOAST_TOP).toBe(72);
    expect(document.querySelector('.ant-notification-topRight')).toBeNull();
    const list = document.querySelector<HTMLElement>('.ant-notification-top');
    expect(list?.style.getPropertyValue('--notification-top')).toBe('72px');
  });
});
