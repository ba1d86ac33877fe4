import { css } from 'styled-system/css';

/**
 * A row whose items sit at both ends (a title and its badge or action), centred across, wrapping
 * onto a new line when the row is too narrow (phones, long translations). Add a gap.
 */
export const spreadRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
});
