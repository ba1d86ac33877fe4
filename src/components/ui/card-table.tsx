import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { tableHeaderCell } from './table';

/**
 * A table on tablets and larger that becomes a list of cards below 768 px (so it never scrolls
 * sideways on a phone), used by the educator's submissions, quiz results and gradebook. Explicit
 * ARIA roles keep the table semantics when the display changes: `<table role="table"
 * className={cardTable}>`, `<thead role="rowgroup" className={cardTableHead}>`, `<tbody
 * role="rowgroup" className={cardTableBody}>`, rows `<tr role="row" className={cardTableRow}>`,
 * header cells {@link cardTableHeaderCell}, body cells {@link cardTableCell} or {@link LabelledCell}.
 */
export const cardTable = css({
  width: 'full',
  borderCollapse: 'collapse',
  display: { base: 'block', tablet: 'table' },
});
export const cardTableHead = css({ display: { base: 'none', tablet: 'table-header-group' } });
export const cardTableBody = css({
  display: { base: 'flex', tablet: 'table-row-group' },
  flexDirection: 'column',
  gap: '3',
  padding: { base: '3', tablet: '0' },
});
/** A row; `data-saved` gives it the "just saved" background. */
export const cardTableRow = css({
  display: { base: 'flex', tablet: 'table-row' },
  flexDirection: 'column',
  gap: '2',
  padding: { base: '4', tablet: '0' },
  borderRadius: { base: 'lg', tablet: '0' },
  borderWidth: { base: '1px', tablet: '0' },
  borderColor: 'border.default',
  '&[data-saved]': { bg: 'status.green.bg' },
});
export const cardTableHeaderCell = tableHeaderCell;
export const cardTableCell = css({
  display: { base: 'block', tablet: 'table-cell' },
  paddingInline: { base: '0', tablet: '4' },
  paddingBlock: { base: '0', tablet: '3' },
  fontSize: 'sm',
  textAlign: 'start',
  verticalAlign: 'top',
  borderBlockStartWidth: { base: '0', tablet: '1px' },
  borderColor: 'border.default',
});
const cellLabel = css({
  display: { base: 'block', tablet: 'none' },
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'fg.muted',
});

/**
 * A body cell with its column's name in front, shown only when the row is a card (phones): the
 * table's header row gives screen readers the name, so the label is hidden from them.
 */
export function LabelledCell({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td role="cell" className={cx(cardTableCell, className)}>
      <span aria-hidden className={cellLabel}>
        {label}
      </span>
      {children}
    </td>
  );
}
