import { Plural, Trans } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { iconFact } from './course-card-parts';
import { UsersIcon } from './icons';

/** Few seats left: the warning colour, in bold, so that the line stands out on a card. */
const fewSeats = css({ color: 'tertiary.strong', fontWeight: 'semibold' });

/**
 * A session's seats left with the users icon ("3 seats left"), "Session full" at none, in the
 * warning colour at 5 or fewer (a course card, a session of the course page).
 * @param seats the seats left (≥ 0); named so for the catalog's message `{seats, plural, …}`
 * @param className the line's look, {@link iconFact} by default
 */
export function SeatsLeft({ seats, className = iconFact }: { seats: number; className?: string }) {
  return (
    <span className={cx(className, seats <= 5 ? fewSeats : undefined)}>
      <UsersIcon size={16} />
      {seats > 0 ? <Plural value={seats} one="# seat left" other="# seats left" /> : <Trans>Session full</Trans>}
    </span>
  );
}
