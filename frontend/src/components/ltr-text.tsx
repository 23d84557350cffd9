import type { ReactNode } from 'react';

/**
 * Text that reads left to right whatever the page's direction: a phone number such as +971 50 123 4567, which in an
 * Arabic (right-to-left) line would show its groups in reverse order and its plus sign at the end. Isolated from the
 * text around it, it still stands at the start of its cell. Inputs for such text take `dir="ltr"` themselves.
 */
export function LtrText({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
