import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import {
  hasClientErrors,
  isConfirmingLeave,
  isLoading,
  isSaving,
  loadFailed,
  saveFailed,
} from '@machines/lesson-authoring.selectors';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { actionLink } from '@/components/ui/layout-styles';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { containerStyles, PageHeader } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { UploadField, uploadErrorText, useUpload } from '@/components/ui/upload-field';
import { xhrCredentials } from '@/app-services';
import { type AuthActor } from '@/lib/auth/auth-service';
import { FieldRow, FormErrorBanner, FormSection, stickyActionBar } from '@/components/ui/form-controls';
import { editorFieldset } from '@/components/ui/fieldset-styles';
import { LeaveWithoutSavingDialog } from '@/components/ui/leave-dialog';
import { usePageTitle } from '@/lib/document-head';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { lessonTypeLabels } from '@/lib/lesson-labels';
import { type Api } from '@/lib/api/client';
import { later } from '@/lib/later';
import { createLessonAuthoringActors } from '@machines/lesson-authoring.actors';
import { lessonAuthoringMachine } from '@machines/lesson-authoring.machine';
import { type AuthoringValues, partsOf } from '@machines/lesson-authoring.form';
import { authoringIssueText, authoringToasts } from './messages';
import { QuestionEditor } from './question-editor';
import { TestsEditor } from './tests-editor';
import { GradingSection } from './lesson-sections';

/** Form paths the screen shows next to a field; other server errors go to the banner. */
const FIELD_PATH =
  /^(contentHtml|videoUrl|captionsUrl|link|day|startTime|points|timeLimitMinutes|programming\.(functionName|starterCode|tests(\[\d+\]\.(name|args|expected))?)|questions(\[\d+\]\.(prompt|points|explanation|pictureUrl|options(\[\d+\]\.text)?|answer(\[\d+\])?))?)$/;

/** Focuses the first field marked invalid and scrolls it to the middle (clear of the sticky action bar). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView?.({ block: 'center' });
}

/**
 * The lesson-authoring screen (`/courses/live/edit/lessons/{lessonId}`,
 * docs/classroom.md): an educator edits what a lesson holds beyond the syllabus — its content
 * for every type (reading and notes in the rich-text editor, the others as HTML), and only the parts its type has (`partsOf`): video and captions; meeting
 * link, day and time; points and late work; time limit; the question bank; the programming
 * function and tests. The lesson-authoring machine holds the state (load, client rules, save,
 * the unsaved-changes guard); this component renders it, sends the edits as `form.changed`,
 * shows each client or server error next to its field, toasts the save, and asks before leaving
 * with unsaved changes ("Back to {courseTitle}" → `/courses/live/edit?id={courseId}`; any other
 * in-app navigation is held by the router's blocker and asks in the same dialog). The
 * questions' pictures upload with the auth actor's credentials (`xhrCredentials(auth)`).
 */
export function LessonAuthoringScreen({
  api,
  auth,
  lessonId,
}: {
  api: Api;
  auth?: AuthActor | undefined;
  lessonId: number;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const machine = useMemo(() => lessonAuthoringMachine.provide({ actors: createLessonAuthoringActors(api) }), [api]);
  const actor = useActorRef(machine, { input: { lessonId } });
  const snapshot = useSelector(actor, (s) => s);
  const { authoring, values, errors, serverErrors, loadError, saveError, dirty } = snapshot.context;
  const formRef = useRef<HTMLFormElement>(null);

  const change = (patch: Partial<AuthoringValues>, fields: string[]) =>
    actor.send({ type: 'form.changed', values: { ...actor.getSnapshot().context.values, ...patch }, fields });

  const credentials = useMemo(() => xhrCredentials(auth), [auth]);
  const video = useUpload('courseVideo', {
    ...credentials,
    onUploaded: (result) => change({ videoUrl: result.url }, ['videoUrl']),
  });
  // A question's picture is uploading (the question editor reports it): no save meanwhile.
  const [picturesUploading, setPicturesUploading] = useState(false);
  // An image of the rich-text content is uploading: no save meanwhile either.
  const [imageUploading, setImageUploading] = useState(false);

  const lessonName = authoring?.name.trim() || t`Untitled lesson`;
  usePageTitle(authoring ? t`Edit ${lessonName}` : t`Lesson content`);

  // Toasts, and where "Back to {courseTitle}" goes once leaving is allowed.
  useEffect(() => {
    const saved = actor.on('authoring.saved', () => {
      toaster.create({ title: i18n._(authoringToasts.saved), type: 'success' });
    });
    const failed = actor.on('authoring.saveFailed', (event) => {
      toaster.create({
        title: i18n._(authoringToasts.saveFailed),
        ...(event.message ? { description: event.message } : {}),
        type: 'error',
      });
    });
    const leave = actor.on('leave.allowed', () => {
      const id = actor.getSnapshot().context.authoring?.courseId;
      // Already answered (or nothing unsaved): the router's blocker must not ask again.
      if (id) void navigate({ to: '/courses/live/edit', search: { id }, ignoreBlocker: true });
    });
    return () => {
      saved.unsubscribe();
      failed.unsubscribe();
      leave.unsubscribe();
    };
  }, [actor, i18n, navigate]);

  // Other in-app navigation (header links, breadcrumbs) with unsaved changes asks in the same
  // dialog; closing the tab or reloading: the browser asks (the blocker's beforeunload).
  const isDirty = useCallback(() => actor.getSnapshot().context.dirty, [actor]);
  const guard = useUnsavedChangesGuard(isDirty);

  const failedNow = saveFailed(snapshot);
  useEffect(() => {
    if (failedNow) later(() => focusFirstInvalid(formRef.current));
  }, [failedNow]);

  const errorOf = (path: string): string | undefined => {
    const issue = errors[path];
    if (issue) return authoringIssueText(i18n, issue);
    return serverErrors[path];
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submitted' });
    if (hasClientErrors(actor.getSnapshot())) {
      later(() => focusFirstInvalid(formRef.current));
    }
  };

  if (isLoading(snapshot)) {
    return (
      <div
        className={cx(
          containerStyles,
          css({ paddingBlock: '16', display: 'flex', justifyContent: 'center', color: 'primary.strong' }),
        )}
      >
        <Spinner size="lg" label={t`Loading the lesson…`} />
      </div>
    );
  }

  if (loadFailed(snapshot) || !authoring) {
    const notFound = loadError?.status === 404 || loadError?.status === 403;
    return (
      <div className={cx(containerStyles, css({ paddingBlock: { base: '8', tablet: '12' } }))}>
        <EmptyState
          title={notFound ? <Trans>This lesson cannot be edited</Trans> : <Trans>The lesson could not be loaded</Trans>}
          description={
            notFound ? (
              <Trans>It does not exist, or it is not in one of your courses.</Trans>
            ) : (
              (loadError?.message ?? t`System error please try later !`)
            )
          }
          action={
            notFound ? (
              <Link to="/dashboard/courses" className={css({ color: 'primary.strong', fontWeight: 'semibold' })}>
                <Trans>My courses</Trans>
              </Link>
            ) : (
              <Button onClick={() => actor.send({ type: 'authoring.retried' })}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        />
      </div>
    );
  }

  const parts = partsOf(authoring.type);
  const typeLabel = t(lessonTypeLabels[authoring.type]);
  const saving = isSaving(snapshot);
  const uploading = video.progress !== null || picturesUploading || imageUploading;
  const otherServerErrors = Object.entries(serverErrors).filter(([key]) => !FIELD_PATH.test(key));
  const authoringCourseId = authoring.courseId;
  const courseTitle = authoring.courseTitle.trim() || t`Untitled course`;
  // The dialog answers the router's held navigation, or else the "Back to …" link's request.
  const stay = () => (guard.blocked ? guard.stay() : actor.send({ type: 'leave.cancelled' }));
  const leave = () => (guard.blocked ? guard.leave() : actor.send({ type: 'leave.confirmed' }));

  return (
    <div className={cx(containerStyles, css({ paddingBlock: { base: '6', tablet: '10' } }))}>
      <div className={css({ marginBlockEnd: '4' })}>
        <Link
          to="/courses/live/edit"
          search={{ id: authoringCourseId }}
          onClick={(event) => {
            event.preventDefault();
            actor.send({ type: 'leave.requested' });
          }}
          className={cx(actionLink, css({ fontSize: 'sm' }))}
        >
          <span aria-hidden className={css({ display: 'inline-block', _rtl: { transform: 'scaleX(-1)' } })}>
            ←
          </span>{' '}
          <Trans>
            Back to <bdi>{courseTitle}</bdi>
          </Trans>
        </Link>
      </div>
      <PageHeader
        eyebrow={<Trans>Lesson content · {typeLabel}</Trans>}
        title={<bdi>{lessonName}</bdi>}
        lead={
          <Trans>
            Lesson of the course <bdi>{courseTitle}</bdi>. Changes are kept when you save the lesson.
          </Trans>
        }
      />

      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-busy={saving || undefined}
        aria-label={t`Content of ${lessonName}`}
        className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: 0, maxWidth: '64rem' })}
      >
        {failedNow && saveError ? (
          <FormErrorBanner
            title={i18n._(authoringToasts.saveFailed)}
            message={saveError.message}
            otherErrors={otherServerErrors}
          />
        ) : null}

        <fieldset disabled={saving} className={editorFieldset}>
          <ContentSection
            richText={parts.richText}
            reading={authoring.type === 'reading'}
            values={values}
            change={change}
            errorOf={errorOf}
            disabled={saving}
            credentials={credentials}
            onUploadingChange={setImageUploading}
          />

          {parts.video ? (
            <FormSection id="lesson-video" title={<Trans>Video</Trans>}>
              <UploadField
                label={t`Upload a video`}
                kind="courseVideo"
                preview="video"
                value={null}
                progress={video.progress}
                error={video.error ? uploadErrorText(i18n, video.error) : null}
                onFileSelected={video.start}
                onCancel={video.cancel}
                disabled={saving}
              />
              <FieldRow>
                <TextField
                  label={t`Video link`}
                  type="url"
                  dir="ltr"
                  placeholder="https://"
                  helperText={t`An https link, or the file uploaded above.`}
                  value={values.videoUrl}
                  onChange={(e) => change({ videoUrl: e.currentTarget.value }, ['videoUrl'])}
                  error={errorOf('videoUrl')}
                />
                <TextField
                  label={t`Captions link (WebVTT)`}
                  type="url"
                  dir="ltr"
                  placeholder="https://"
                  value={values.captionsUrl}
                  onChange={(e) => change({ captionsUrl: e.currentTarget.value }, ['captionsUrl'])}
                  error={errorOf('captionsUrl')}
                />
              </FieldRow>
            </FormSection>
          ) : null}

          {parts.meeting ? <MeetingSection values={values} change={change} errorOf={errorOf} /> : null}

          {parts.grading ? (
            <GradingSection values={values} change={change} errorOf={errorOf} timeLimit={Boolean(parts.timeLimit)} />
          ) : null}

          {parts.programming ? (
            <TestsEditor
              programming={values.programming}
              errorOf={errorOf}
              disabled={saving}
              onChange={(programming, fields) => change({ programming }, fields)}
            />
          ) : null}

          {parts.questions ? (
            <QuestionEditor
              questions={values.questions}
              errorOf={errorOf}
              disabled={saving}
              credentials={credentials}
              onUploadingChange={setPicturesUploading}
              onChange={(questions, fields) => change({ questions }, fields)}
            />
          ) : null}
        </fieldset>

        <div className={stickyActionBar}>
          <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted', marginInlineEnd: 'auto' })}>
            {uploading ? (
              <Trans>Wait for the upload to finish to save.</Trans>
            ) : dirty ? (
              <Trans>Unsaved changes</Trans>
            ) : null}
          </p>
          <Button type="submit" disabled={saving || uploading} loading={saving}>
            <Trans>Save the lesson</Trans>
          </Button>
        </div>
      </form>

      <LeaveWithoutSavingDialog
        open={isConfirmingLeave(snapshot) || guard.blocked}
        description={<Trans>Your changes to this lesson are not saved yet. They will be lost if you leave.</Trans>}
        onStay={stay}
        onLeave={leave}
      />
    </div>
  );
}

import { MeetingSection } from './lesson-sections';
import { ContentSection } from './content-section';
