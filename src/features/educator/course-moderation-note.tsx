import { Trans } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import type { components } from '@contract/schema';

/** A course of the educator with its moderation state (status, last decision's message). */
export type CourseSummary = components['schemas']['ModeratedCourse'];

/**
 * What the educator reads under a course about its review (product.md#entities statuses): waiting, approved
 * (publish it), rejected or unpublished with the admin's message (edit it and send it again).
 */
export function ModerationNote({ course }: { course: CourseSummary }) {
  const message = course.moderationMessage;
  const box = css({
    fontSize: 'sm',
    paddingInlineStart: '3',
    borderInlineStartWidth: '3px',
    color: 'fg.muted',
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
  });
  switch (course.status) {
    case 'PENDING':
      return (
        <p className={cx(box, css({ borderColor: 'warning.muted' }))}>
          <Trans>Waiting for an admin's review.</Trans>
        </p>
      );
    case 'APPROVED':
      return (
        <div className={cx(box, css({ borderColor: 'success.muted' }))}>
          <p>
            <Trans>Approved: publish it to open it to learners.</Trans>
          </p>
          {message ? <p dir="auto">{message}</p> : null}
        </div>
      );
    case 'REJECTED':
    case 'UNPUBLISHED':
      return (
        <div className={cx(box, css({ borderColor: 'error.muted' }))}>
          <p className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
            {course.status === 'REJECTED' ? (
              <Trans>Not approved. The admin's message:</Trans>
            ) : (
              <Trans>Unpublished by an admin. The message:</Trans>
            )}
          </p>
          {message ? <p dir="auto">{message}</p> : null}
          <p>
            <Trans>Edit the course and send it for review again.</Trans>
          </p>
        </div>
      );
    default:
      return null;
  }
}
