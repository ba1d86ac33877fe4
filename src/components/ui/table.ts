import { css } from 'styled-system/css';

/** A data table's column header cell: small, muted, upper-case, on the subtle background (dashboard tables). */
export const tableHeaderCell = css({
  textAlign: 'start',
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'fg.muted',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  paddingInline: '4',
  paddingBlock: '3',
  whiteSpace: 'nowrap',
  bg: 'bg.subtle',
});
