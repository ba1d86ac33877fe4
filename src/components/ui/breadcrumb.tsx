import { Children, type ReactNode } from 'react';
import { css } from 'styled-system/css';

/** Class for a link inside a {@link Breadcrumb}. */
export const breadcrumbLink = css({ color: 'primary.strong', _hover: { textDecoration: 'underline' } });

/**
 * A breadcrumb trail (WAI-ARIA breadcrumb pattern): a labelled `nav` holding an ordered list, each
 * child an item, separated by '/' hidden from assistive technology. Works in both directions.
 */
export function Breadcrumb({ label, children }: { label: string; children: ReactNode }) {
  const items = Children.toArray(children);
  return (
    <nav aria-label={label}>
      <ol
        className={css({
          display: 'flex',
          gap: '2',
          fontSize: 'sm',
          color: 'fg.muted',
          listStyle: 'none',
          padding: 0,
          flexWrap: 'wrap',
        })}
      >
        {items.map((item, i) => (
          <li key={i} className={css({ display: 'inline-flex', gap: '2', minWidth: 0 })}>
            {i > 0 ? <span aria-hidden>/</span> : null}
            {item}
          </li>
        ))}
      </ol>
    </nav>
  );
}
