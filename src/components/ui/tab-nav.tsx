import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * A tab bar: a `nav` named `label` over a row of links (`children`, each an `<li>` with a tab-link.ts `tabLink`
 * link, the current one with `aria-current="page"`), ruled below and scrolling sideways on narrow screens.
 */
export function TabNav({ label, children }: { label: string; children: ReactNode }) {
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
