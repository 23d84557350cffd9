import type { ReactNode } from 'react';

interface Props {
  title?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A card of the bidder page: a titled box on Ant Design's tokens. Ant Design's Card brings its Tabs (and their
 * overflow menu) into the chunk, some 20 kB gzip the page never uses.
 */
export function Panel({ title, className, children }: Props) {
  return (
    <section className={className ? `bidder-panel ${className}` : 'bidder-panel'}>
      {title ? <h2 className="bidder-panel-title">{title}</h2> : null}
      {children}
    </section>
  );
}
