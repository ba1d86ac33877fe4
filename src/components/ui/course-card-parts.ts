import { css } from 'styled-system/css';

/** A course's category above its title: small bold capitals in the primary colour. */
export const categoryEyebrow = css({
  fontSize: 'xs',
  fontWeight: 'bold',
  color: 'primary.strong',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
});

/** The first line of a course card: the category (cut with an ellipsis) at the start, a badge at the end. */
export const cardTopRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' });

/** The text column of a course card, under its picture, stretched to the card's height. */
export const courseCardBody = css({ display: 'flex', flexDirection: 'column', gap: '2.5', padding: '4', flex: '1' });

/** The last line of a card, pushed to its bottom and ruled above: a price or an amount and an action. */
export const cardFooterRow = css({
  marginBlockStart: 'auto',
  paddingBlockStart: '3',
  borderBlockStartWidth: '1px',
  borderColor: 'border.default',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
});

/** A fact of a session with its icon (seats, seats left): small and muted, the icon beside the text. */
export const iconFact = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'sm',
  color: 'fg.muted',
});
