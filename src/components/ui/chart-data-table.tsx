import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { chartDataTable } from './chart-figure';
import { visuallyHidden } from './spinner';

/**
 * The numbers of a chart as a table, for {@link ChartFigure}'s "Show the data": captioned by the
 * chart's `title` for screen readers, one header row of `head` cells, then the `children` rows (each
 * led by a {@link ChartRowHead}).
 */
export function ChartDataTable({ title, head, children }: { title: string; head: ReactNode; children: ReactNode }) {
  return (
    <table className={chartDataTable}>
      <caption className={visuallyHidden}>{title}</caption>
      <thead>
        <tr>{head}</tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The heading cell of a chart data table's row (the week, the role), in the body's weight. */
export function ChartRowHead({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={css({ fontWeight: 'normal' })}>
      {children}
    </th>
  );
}
