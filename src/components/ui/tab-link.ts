import { css } from 'styled-system/css';

/**
 * A link of a tab bar (a labelled `nav` of links, the current one with `aria-current="page"`):
 * underlined in the primary colour when current, a visible focus ring inside the bar, never wrapped.
 * Used by the moderation queues and a session's pages.
 */
export const tabLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '10',
  paddingInline: '3',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  borderBlockEndWidth: '3px',
  borderColor: 'transparent',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '-3px' },
  '&[aria-current=page]': { color: 'primary.strong', borderColor: 'primary.strong' },
});
