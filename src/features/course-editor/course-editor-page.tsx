import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { type ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { containerStyles, PageHeader } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { uploadErrorText } from '@/components/ui/upload-field';
import { xhrCredentials } from '@/app-services';
import { type AuthActor } from '@/lib/auth/auth-service';
import { selectRecord } from '@machines/auth.selectors';
import {
  canSubmit as canSubmitNow,
  hasClientErrors,
  isLoading,
  isPreparing,
  isSaving,
  isUploading,
  loadFailed,
  previewMode as previewModeOf,
  saveFailed,
} from '@machines/course-editor.selectors';
import { LeaveWithoutSavingDialog } from '@/components/ui/leave-dialog';
import { usePageTitle } from '@/lib/document-head';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { type Api } from '@/lib/api/client';
import { uploadFile } from '@/lib/api/upload';
import { isLocale, type Locale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { type CourseUpload, createCourseEditorActors } from '@machines/course-editor.actors';
import { courseEditorMachine, type UploadField as UploadFieldName } from '@machines/course-editor.machine';
import { type CourseFormValues, isCourseFormDirty } from '@machines/course-editor.form';
import { type CourseAction } from '@machines/course-editor.form-data';
import { FormErrorBanner, stickyActionBar } from '@/components/ui/form-controls';
import { editorFieldset } from '@/components/ui/fieldset-styles';
import { courseToasts, fieldIssueText } from './messages';
import { ScheduleFields } from './schedule-fields';
import { SyllabusBuilder } from './syllabus-builder';
import {
  CoursePreviewPanel,
  PreviewModeSwitch,
  CourseMediaSection,
  CourseSkillsSection,
  RejectionNote,
  EditorLoadFailed,
} from './course-editor-sections';
import { CourseDetailsSection } from './course-details-section';

type EditorActor = ActorRefFrom<typeof courseEditorMachine>;

/** Error keys the form shows next to a field; other server errors go to the banner. */
function isFormKey(key: string): boolean {
  return (
    [
      'title',
      'description',
      'about',
      'courseCategoryId',
      'languageId',
      'price',
      'numHours',
      'difficultyLevel',
      'picture',
      'video',
      'requiredSkills',
      'gainedSkills',
      'startDate',
      'endDate',
      'timezone',
      'maxSeats',
      'weeks',
    ].includes(key) ||
    key.startsWith('weeks.') ||
    /^sections\[\d+\]\[\d+\]\[name\]$/.test(key) ||
    /^lessons\[\d+\]\[\d+\]\[\d+\]\[(lessonTypeId|name|duration|link)\]$/.test(key)
  );
}

/** Focuses the first field marked invalid and scrolls it to the middle (clear of the sticky action bar). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView?.({ block: 'center' });
}

/**
 * Sends `editor.destroyed` (product.md#states: destroying the form clears its data) when the form is left
 * for another page or another course, before the actor stops. React's development double-mount
 * keeps the same address, so it does not clear the form.
 */
function useDestroyOnLeave(courseId: number | undefined) {
  const ref = useRef<EditorActor | null>(null);
  useEffect(() => {
    const path = window.location.pathname;
    return () => {
      const params = new URLSearchParams(window.location.search);
      const left = window.location.pathname !== path || (params.get('id') ?? '') !== String(courseId ?? '');
      // The editor actor as it is at unmount (set after this effect ran), not a DOM node.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (left) ref.current?.send({ type: 'editor.destroyed' });
    };
  }, [courseId]);
  return ref;
}

/**
 * The course editor (`/courses/live/edit?id={id}`, product.md#screens–#validation, #messages): the course form with its
 * uploads, skills, first session and syllabus builder, a preview as a learner or as the
 * instructor, and the save / submit actions. The course-editor machine holds the state; this
 * component renders it and sends the user's edits as `form.changed`. With unsaved changes
 * (`isCourseFormDirty`), leaving for another page asks first ("Leave without saving?") and the
 * browser asks before closing or reloading the tab; the redirect after a save is never held.
 */
export function CourseEditorScreen({
  api,
  auth,
  courseId,
}: {
  api: Api;
  auth: AuthActor;
  courseId?: number | undefined;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const navigate = useNavigate();
  const record = useSelector(auth, selectRecord);
  // Partners and company educators may make a course private to their company (product.md#entities isPrivate).
  const company = record && (record.user.role === 'PARTNER' || record.user.role === 'EDUCATOR') ? record.company : null;
  const destroyRef = useDestroyOnLeave(courseId);
  const machine = useMemo(() => {
    const credentials = xhrCredentials(auth);
    const upload: CourseUpload = (kind, file, options) => uploadFile(kind, file, { ...credentials, ...options });
    return courseEditorMachine.provide({ actors: createCourseEditorActors(api, { upload }) });
  }, [api, auth]);
  const actor = useActorRef(machine, { input: { courseId: courseId ?? null, companyId: company?.id ?? null } });
  destroyRef.current = actor;
  const snapshot = useSelector(actor, (s) => s);
  const { values, reference, course, errors, serverErrors, upload, uploadError, error, action } = snapshot.context;
  const formRef = useRef<HTMLFormElement>(null);

  // Unsaved changes: asked at navigation time from the actor, so a just-saved form is never held.
  const isDirty = useCallback(() => {
    const { values: now, savedValues } = actor.getSnapshot().context;
    return isCourseFormDirty(now, savedValues);
  }, [actor]);
  const guard = useUnsavedChangesGuard(isDirty);

  const pageTitle = course ? values.title.trim() || t`Untitled course` : t`New course`;
  usePageTitle(course ? t`Edit ${pageTitle}` : t`New course`);

  // product.md#messages toasts, and product.md#screens: after a create or an update, go to /courses/live/edit?id={id}.
  useEffect(() => {
    const saved = actor.on('course.saved', (event) => {
      toaster.create({ title: i18n._(event.created ? courseToasts.created : courseToasts.updated), type: 'success' });
      void navigate({ to: '/courses/live/edit', search: { id: event.courseId }, ignoreBlocker: true });
    });
    const failed = actor.on('course.saveFailed', (event) => {
      toaster.create({
        title: i18n._(event.created ? courseToasts.createFailed : courseToasts.updateFailed),
        ...(event.message ? { description: event.message } : {}),
        type: 'error',
      });
    });
    return () => {
      saved.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, i18n, navigate]);

  const change = (patch: Partial<CourseFormValues>, fields: string[]) =>
    actor.send({ type: 'form.changed', values: { ...actor.getSnapshot().context.values, ...patch }, fields });

  const errorOf = (key: string): string | undefined => {
    const issue = errors[key];
    if (issue) return fieldIssueText(i18n, issue);
    return serverErrors[key];
  };

  const submit = (chosen: CourseAction) => {
    actor.send({ type: 'form.submitted', action: chosen });
    if (hasClientErrors(actor.getSnapshot())) {
      // The client rules failed: move to the first field that needs attention.
      later(() => focusFirstInvalid(formRef.current));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit('save');
  };

  // Server errors: focus the first field that has one.
  const failedNow = saveFailed(snapshot);
  useEffect(() => {
    if (failedNow) later(() => focusFirstInvalid(formRef.current));
  }, [failedNow]);

  const previewMode = previewModeOf(snapshot);
  const loading = isLoading(snapshot);
  const saving = isSaving(snapshot);
  const uploading = isUploading(snapshot);
  const canSubmit = canSubmitNow(snapshot);

  if (isPreparing(snapshot)) {
    return (
      <div
        className={cx(
          containerStyles,
          css({ paddingBlock: '16', display: 'flex', justifyContent: 'center', color: 'primary.strong' }),
        )}
      >
        {loading ? <Spinner size="lg" label={t`Loading the course editor…`} /> : null}
      </div>
    );
  }

  if (loadFailed(snapshot) || !reference) {
    return <EditorLoadFailed error={error} onRetry={() => actor.send({ type: 'editor.retried' })} />;
  }

  const uploadProps = (field: UploadFieldName) => ({
    progress:
      upload?.field === field ? { loaded: upload.loaded, total: upload.total, fileName: upload.fileName } : null,
    error: uploadError?.field === field ? uploadErrorText(i18n, uploadError) : errorOf(field),
    onFileSelected: (file: File | null) => actor.send({ type: 'upload.requested', field, file }),
    onCancel: () => actor.send({ type: 'upload.cancelled' }),
    disabled: saving || (uploading && upload?.field !== field),
  });

  const otherServerErrors = Object.entries(serverErrors).filter(([key]) => !isFormKey(key));
  const educatorName = record?.user.name ?? '';
  const companyName = company?.name ?? '';
  const status = course?.status;

  return (
    <div className={cx(containerStyles, css({ paddingBlock: { base: '6', tablet: '10' } }))}>
      <PageHeader
        eyebrow={<Trans>Course editor</Trans>}
        title={<bdi>{pageTitle}</bdi>}
        lead={
          course ? (
            <Trans>Changes are saved when you save the draft or submit the course for review.</Trans>
          ) : (
            <Trans>
              Describe your course, plan its first session and build its syllabus. Save a draft at any time.
            </Trans>
          )
        }
        actions={
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            {status ? <StatusBadge status={status} /> : null}
            {course ? (
              <Link to="/courses/live/edit" className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
                <Trans>New course</Trans>
              </Link>
            ) : null}
          </div>
        }
      />

      {course?.status === 'REJECTED' && course.moderationMessage ? (
        <RejectionNote message={course.moderationMessage} />
      ) : null}

      <PreviewModeSwitch previewMode={previewMode} onChange={(type) => actor.send({ type })} />

      <div
        className={css({
          display: 'grid',
          gap: '6',
          alignItems: 'start',
          gridTemplateColumns: {
            base: 'minmax(0, 1fr)',
            desktop: previewMode === 'hidden' ? 'minmax(0, 1fr)' : 'minmax(0, 7fr) minmax(0, 5fr)',
          },
        })}
      >
        {previewMode !== 'hidden' ? (
          <CoursePreviewPanel
            previewMode={previewMode}
            values={values}
            reference={reference}
            educatorName={educatorName}
          />
        ) : null}

        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-busy={saving || undefined}
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '6',
            minWidth: 0,
            maxWidth: previewMode === 'hidden' ? '64rem' : 'none',
          })}
        >
          {failedNow && error ? (
            <FormErrorBanner
              title={i18n._(
                error.code === 'editor.createFailed' ? courseToasts.createFailed : courseToasts.updateFailed,
              )}
              message={error.message}
              otherErrors={otherServerErrors}
            />
          ) : null}

          <fieldset disabled={saving} className={editorFieldset}>
            <CourseDetailsSection
              values={values}
              reference={reference}
              locale={locale}
              privateTo={company ? companyName : null}
              errorOf={errorOf}
              change={change}
            />

            <CourseSkillsSection values={values} reference={reference} errorOf={errorOf} change={change} />

            <CourseMediaSection values={values} isNew={!course} uploadProps={uploadProps} change={change} />

            <ScheduleFields values={values} reference={reference} errorOf={errorOf} onChange={change} />

            <SyllabusBuilder
              syllabus={values.syllabus}
              reference={reference}
              errorOf={errorOf}
              disabled={saving}
              onChange={(syllabus, fields) => change({ syllabus }, fields)}
            />
          </fieldset>

          <div className={stickyActionBar}>
            {uploading ? (
              <p className={css({ fontSize: 'sm', color: 'fg.muted', marginInlineEnd: 'auto' })}>
                <Trans>Wait for the upload to finish to save.</Trans>
              </p>
            ) : null}
            <Button type="submit" variant="outline" disabled={!canSubmit} loading={saving && action === 'save'}>
              <Trans>Save draft</Trans>
            </Button>
            <Button onClick={() => submit('submit')} disabled={!canSubmit} loading={saving && action === 'submit'}>
              <Trans>Submit for review</Trans>
            </Button>
          </div>
        </form>
      </div>

      <LeaveWithoutSavingDialog
        open={guard.blocked}
        description={<Trans>Your changes to this course are not saved yet. They will be lost if you leave.</Trans>}
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </div>
  );
}
