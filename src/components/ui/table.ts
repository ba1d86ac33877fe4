import { css } from 'styled-system/css';
import { tableHeader } from 'styled-system/recipes';

/** A data table's column header cell: small, muted, upper-case, on the subtle background (dashboard tables). */
export const tableHeaderCell = tableHeader();

/** {@link tableHeaderCell} with narrower side padding on phones: wide tables that scroll at 360 px (attendance). */
export const denseTableHeaderCell = tableHeader({ dense: true });

/** A body cell of a dense table (see {@link denseTableHeaderCell}), with a rule above each row. */
export const denseTableCell = css({
  paddingInline: { base: '3', tablet: '4' },
  paddingBlock: '3',
  fontSize: 'sm',
  textAlign: 'start',
  borderBlockStartWidth: '1px',
  borderColor: 'border.default',
  verticalAlign: 'middle',
});
