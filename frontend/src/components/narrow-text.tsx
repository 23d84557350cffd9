import type { ReactNode } from 'react';
import { CellText } from '@/components/data-table';

/**
 * CellText cut narrower than its 240 px: one line, ellipsised past `max` px, the full text on hover. For the columns of
 * long values (emails, names, roles) that would otherwise push a list past a 1440 px screen (issue 29).
 */
export function NarrowText({ text, max, children }: { text: string; max: number; children?: ReactNode }) {
  // A flex item with overflow hidden may shrink below its content: CellText's span takes at most `max` and ellipsises.
  return (
    <span style={{ display: 'inline-flex', maxWidth: max, verticalAlign: 'bottom' }}>
      <CellText text={text}>{children}</CellText>
    </span>
  );
}
