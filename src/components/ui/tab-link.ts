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

/**
 * The `activeOptions` of every tab link: the router marks a link current (`aria-current="page"`)
 * only when path AND query match exactly. With the router's default (query matched as a subset),
 * a tab without a query ("Educators", "Sessions") would be marked current beside its sibling
 * ("Learners", "Courses"). A tab current under a filter (`?page=2`) gets its `aria-current` from
 * the page.
 */
export const tabActiveOptions = { exact: true, includeSearch: true } as const;
