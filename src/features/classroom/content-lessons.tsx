import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { iconLink } from '@/components/ui/layout-styles';
import { LessonHtml } from '@/components/ui/rich-text';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, GlobeIcon } from '@/components/ui/icons';
import { toaster } from '@/components/ui/toast';
import { ApiError, type Api } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { useLessonProgress } from './classroom-actions';
import { isPlayableVideo } from '@/lib/classroom-time';
import { LessonStatusBadge } from './lesson-visuals';

/** A lesson of a session's classroom with what is needed to take it (openapi `ClassroomLessonDetail`). */
export type ClassroomLessonDetail = components['schemas']['ClassroomLessonDetail'];

type Progress = ReturnType<typeof useLessonProgress>;

/**
 * The learner's status on a video, reading or notes lesson and "Mark as done" (`POST …/progress`
 * DONE); a failure toasts 'Could not save your progress' with the server's message. Only learners
 * (`track`) see it.
 */
function ProgressBar({ progress, track }: { progress: Progress; track: boolean }) {
  const { t } = useLingui();
  if (!track) return null;
  const done = progress.status === 'DONE';
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', marginBlockStart: '6' })}>
      <LessonStatusBadge status={progress.status} />
      {done ? (
        <span
          className={css({
            display: 'inline-flex',
            gap: '1.5',
            alignItems: 'center',
            color: 'success.strong',
            fontSize: 'sm',
            fontWeight: 'semibold',
          })}
        >
          <CheckCircleIcon size={16} />
          <Trans>You finished this lesson.</Trans>
        </span>
      ) : (
        <Button
          variant="secondary"
          loading={progress.saving}
          startIcon={<CheckCircleIcon size={18} />}
          onClick={() => {
            void progress.markDone().then((failure) => {
              if (failure === true) return;
              const message = failure instanceof ApiError ? failure.serverMessage : undefined;
              toaster.create({
                title: t`Could not save your progress`,
                ...(message ? { description: message } : {}),
                type: 'error',
              });
            });
          }}
        >
          <Trans>Mark as done</Trans>
        </Button>
      )}
    </div>
  );
}

/**
 * A reading or notes lesson: the lesson's HTML (sanitised on the server when saved: no script,
 * event handler or `javascript:` URL, docs/classroom.md "Data") and, for learners, "Mark as done".
 */
export function ReadingLesson({ api, detail, track }: { api: Api; detail: ClassroomLessonDetail; track: boolean }) {
  const progress = useLessonProgress(api, detail.sessionId, detail.lesson.id, detail.lesson.status, track);
  return (
    <div>
      {detail.contentHtml ? (
        <LessonHtml html={detail.contentHtml} />
      ) : (
        <p className={css({ color: 'fg.muted' })}>
          <Trans>The educator has not written this lesson yet.</Trans>
        </p>
      )}
      <ProgressBar progress={progress} track={track} />
    </div>
  );
}

/**
 * A video lesson: an HTML5 `<video>` (with WebVTT captions when the lesson has them) for an
 * uploaded file or a video file link, otherwise an external link to the video's page. Playing to
 * the end records DONE, like "Mark as done".
 */
export function VideoLesson({ api, detail, track }: { api: Api; detail: ClassroomLessonDetail; track: boolean }) {
  const { t } = useLingui();
  const url = detail.videoUrl;
  const name = detail.lesson.name;
  const progress = useLessonProgress(api, detail.sessionId, detail.lesson.id, detail.lesson.status, track);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {!url ? (
        <p className={css({ color: 'fg.muted' })}>
          <Trans>The video of this lesson is not available yet.</Trans>
        </p>
      ) : isPlayableVideo(url) ? (
        <video
          controls
          preload="metadata"
          src={url}
          aria-label={t`Video: ${name}`}
          onEnded={() => {
            if (track && progress.status !== 'DONE') void progress.markDone();
          }}
          className={css({ width: 'full', maxHeight: '70vh', aspectRatio: '16 / 9', borderRadius: 'lg', bg: 'black' })}
        >
          {detail.captionsUrl ? <track kind="captions" src={detail.captionsUrl} label={t`Captions`} default /> : null}
          <a href={url}>
            <Trans>Download the video</Trans>
          </a>
        </video>
      ) : (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={cx(iconLink, css({ gap: '2', fontWeight: 'semibold' }))}
        >
          <GlobeIcon size={18} />
          <Trans>Watch the video (opens in a new tab)</Trans>
        </a>
      )}
      {detail.contentHtml ? <LessonHtml html={detail.contentHtml} /> : null}
      <ProgressBar progress={progress} track={track} />
    </div>
  );
}
