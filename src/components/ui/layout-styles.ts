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

/** Two equal columns from tablets up, one on phones (pairs of fields or pickers). Add a gap. */
export const twoColumns = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' },
});

/** A list laid out as a grid, without bullets or indent (cards, tiles). Add its columns and gap. */
export const gridList = css({ display: 'grid', listStyle: 'none', padding: 0 });

/** {@link spreadRow} lined up on the text's baseline (a heading and a smaller note or link beside it). */
export const baselineSpreadRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
});

/** A link to a file or a page elsewhere, with its icon: primary, underlined, breaking long names anywhere. Add a gap. */
export const iconLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  color: 'primary.strong',
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
});

/** A link set apart from the text ("See all courses", "Clear filters", "Back to …"): semibold primary, underlined on hover. */
export const actionLink = css({
  fontWeight: 'semibold',
  color: 'primary.strong',
  _hover: { textDecoration: 'underline' },
});

/** A card's title as a link: the text's colour until hovered, then primary and underlined. */
export const titleLink = css({ _hover: { color: 'primary.strong', textDecoration: 'underline' } });

/** A note quoted under an item (a reviewer's comment, a moderation message): small, muted, ruled at its start. */
export const quoteNote = css({
  fontSize: 'sm',
  paddingInlineStart: '3',
  borderInlineStartWidth: '3px',
  borderColor: 'border.strong',
  color: 'fg.muted',
});
