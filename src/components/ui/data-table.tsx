import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { tableScroller } from 'styled-system/recipes';
import { tableHeaderCell } from './table';

/** A body cell of a {@link DataTable}. */
export const dataCell = css({ paddingInline: '4', paddingBlock: '3', verticalAlign: 'middle' });

/** A body row of a {@link DataTable}: a rule above it. */
export const dataRow = css({ borderBlockStartWidth: '1px', borderColor: 'border.default' });

/**
 * A dashboard data table in a bordered frame that scrolls sideways on small screens (a focusable region, so
 * keyboards scroll it, named by `label` or by the heading `labelledBy`). `columns` are the header texts;
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
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={cx(
        tableScroller(),
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
