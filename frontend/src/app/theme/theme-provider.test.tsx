import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/app/theme/theme-provider';

function MotionProbe() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'motion on' : 'motion off'}</p>;
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
});
