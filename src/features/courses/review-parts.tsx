import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Spinner } from '@/components/ui/spinner';

/** What the review part of a course page and the learner's review workflow share. */

export const panel = css({ padding: '5', display: 'flex', flexDirection: 'column', gap: '4', marginBlockEnd: '4' });
export const panelTitle = css({ fontWeight: 'bold', fontSize: 'md', outline: 'none' });

/** What the review part says while it finds out whether the learner may review (also while its code loads). */
export function ReviewChecking() {
  return (
    <p
      role="status"
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        fontSize: 'sm',
        color: 'fg.muted',
        marginBlockEnd: '4',
      })}
    >
      <Spinner size="sm" decorative />
      <Trans>Checking whether you can review this course…</Trans>
    </p>
  );
}
