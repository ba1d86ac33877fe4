import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * A tab bar: a `nav` named by `label`, ruled below, scrolling sideways when its tabs do not fit
 * (phones), holding a list of `li`s each with a link styled by `tabLink` (the current one with
 * `aria-current="page"`).
 */
export function TabBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav
      aria-label={label}
      className={css({
        marginBlockEnd: '6',
        borderBlockEndWidth: '1px',
        borderColor: 'border.default',
        overflowX: 'auto',
      })}
    >
      <ul className={css({ display: 'flex', gap: '2', listStyle: 'none', padding: 0, margin: 0 })}>{children}</ul>
    </nav>
  );
}
