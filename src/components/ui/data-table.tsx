import { useLingui } from '@lingui/react/macro';
import type { CSSProperties, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { tableScroller } from 'styled-system/recipes';
import { tableHeaderCell } from './table';

/** A body cell of a {@link DataTable}. */
export const dataCell = css({ paddingInline: '4', paddingBlock: '3', verticalAlign: 'middle' });

/** A body row of a {@link DataTable}: a rule above it. */
export const dataRow = css({ borderBlockStartWidth: '1px', borderColor: 'border.default' });

/** Most columns a table shows as labelled lines of a card on phones (more go unlabelled). */
const MAX_CARD_COLUMNS = 10;

/**
 * Below tablet width (768 px) a table becomes a list of cards, one per row, each cell a line
 * headed by its column's name (the `--dt-col-N` variables of the frame), so nothing scrolls
 * sideways at 360 px; the header row is then read by screen readers only.
 */
const cardsOnPhones = css({
  '@media (max-width: 767.98px)': {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
    '& table, & tbody, & tr, & td': { display: 'block', width: 'full' },
    '& tr': { paddingBlock: '3', paddingInline: '4' },
    '& tr + tr': { borderBlockStartWidth: '1px', borderColor: 'border.default' },
    '& td': {
      display: 'grid',
      gridTemplateColumns: 'minmax(5.5rem, 35%) minmax(0, 1fr)',
      alignItems: 'center',
      columnGap: '3',
      paddingInline: '0',
      paddingBlock: '1.5',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      textAlign: 'start',
    },
    // A cell's own direction (an e-mail's ltr) would put its heading on the wrong side; long
    // unbroken values (e-mails) wrap instead of widening the card.
    '& td[dir]': { direction: 'inherit' },
    '& td *': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& td::before': { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    '& td:nth-child(1)::before': { content: 'var(--dt-col-1)' },
    '& td:nth-child(2)::before': { content: 'var(--dt-col-2)' },
    '& td:nth-child(3)::before': { content: 'var(--dt-col-3)' },
    '& td:nth-child(4)::before': { content: 'var(--dt-col-4)' },
    '& td:nth-child(5)::before': { content: 'var(--dt-col-5)' },
    '& td:nth-child(6)::before': { content: 'var(--dt-col-6)' },
    '& td:nth-child(7)::before': { content: 'var(--dt-col-7)' },
    '& td:nth-child(8)::before': { content: 'var(--dt-col-8)' },
    '& td:nth-child(9)::before': { content: 'var(--dt-col-9)' },
    '& td:nth-child(10)::before': { content: 'var(--dt-col-10)' },
  },
});

/**
 * A dashboard data table in a bordered frame: a table from tablet width, a list of cards below it
 * (each cell headed by its column), so it never scrolls sideways on a phone (a focusable region, so
 * keyboards scroll a wide table, named by `label` or by the heading `labelledBy`). `columns` are the header texts;
 * `actions` adds a last column for the rows' buttons, its header said only to screen readers. The rows
 * (`<tr className={dataRow}>` of `<td className={dataCell}>`) are the children.
 */
export function DataTable({
  label,
  labelledBy,
  testId,
  columns,
  actions = false,
  children,
}: {
  label?: string;
  labelledBy?: string;
  testId?: string;
  columns: string[];
  actions?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  // Each column's name as a CSS string, for the cards' line headings (the actions column: none).
  const headings = [...columns, ...(actions ? [''] : [])].slice(0, MAX_CARD_COLUMNS);
  const style = Object.fromEntries(headings.map((c, i) => [`--dt-col-${i + 1}`, JSON.stringify(c)])) as CSSProperties;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      style={style}
      className={cx(
        tableScroller(),
        cardsOnPhones,
        css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', bg: 'bg.surface' }),
      )}
    >
      <table className={css({ width: 'full', borderCollapse: 'collapse', fontSize: 'sm' })} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={tableHeaderCell}>
                {column}
              </th>
            ))}
            {actions ? (
              <th scope="col" className={tableHeaderCell}>
                <span className={css({ srOnly: true })}>{t`Actions`}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
