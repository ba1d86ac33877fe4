import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextareaField, TextField } from '@/components/ui/field';
import { AlertIcon } from '@/components/ui/icons';
import { containerStyles, PageHeader } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { UploadField, uploadErrorText } from '@/components/ui/upload-field';
import { xhrCredentials } from '@/app-services';
import type { AuthActor } from '@/lib/auth/auth-service';
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
import { categoryName, DIFFICULTIES, difficultyLabels } from '@/lib/course-labels';
import { LeaveWithoutSavingDialog } from '@/components/ui/leave-dialog';
import { usePageTitle } from '@/lib/document-head';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import type { Api } from '@/lib/api/client';
import { uploadFile } from '@/lib/api/upload';
import { isLocale, type Locale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { type CourseUpload, createCourseEditorActors } from '@machines/course-editor.actors';
import { courseEditorMachine, type UploadField as UploadFieldName } from '@machines/course-editor.machine';
import { type CourseFormValues, type Difficulty, isCourseFormDirty } from '@machines/course-editor.form';
import type { CourseAction } from '@machines/course-editor.form-data';
import { CoursePreview } from './course-preview';
import { CheckboxField, FieldRow, FormErrorBanner, FormSection, stickyActionBar } from '@/components/ui/form-controls';
import { courseToasts, fieldIssueText } from './messages';
import { ScheduleFields } from './schedule-fields';
import { SkillPicker } from './skill-picker';
import { SyllabusBuilder } from './syllabus-builder';

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
    const notFound = error?.status === 404 || error?.status === 403;
    return (
      <div className={cx(containerStyles, css({ paddingBlock: { base: '8', tablet: '12' } }))}>
        <EmptyState
          title={
            notFound ? (
              <Trans>This course cannot be edited</Trans>
            ) : (
              <Trans>The course editor could not be loaded</Trans>
            )
          }
          description={
            notFound ? (
              <Trans>It does not exist, or it is not one of your courses.</Trans>
            ) : (
              (error?.message ?? t`System error please try later !`)
            )
          }
          action={
            notFound ? (
              <Link to="/courses/live/edit" className={buttonStyles()}>
                <Trans>Create a new course</Trans>
              </Link>
            ) : (
              <Button onClick={() => actor.send({ type: 'editor.retried' })}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        />
      </div>
    );
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
        <div
          role="note"
          className={css({
            display: 'flex',
            gap: '3',
            padding: '4',
            borderRadius: 'lg',
            bg: 'status.red.bg',
            color: 'status.red.fg',
            borderWidth: '1px',
            borderColor: 'status.red.border',
            marginBlockEnd: '6',
          })}
        >
          <AlertIcon size={20} />
          <div>
            <p className={css({ fontWeight: 'semibold' })}>
              <Trans>This course was not approved</Trans>
            </p>
            <p className={css({ fontSize: 'sm' })}>
              <bdi>{course.moderationMessage}</bdi>
            </p>
          </div>
        </div>
      ) : null}

      <fieldset className={css({ border: 'none', padding: 0, margin: 0, marginBlockEnd: '6' })}>
        <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '2' })}>
          <Trans>Preview</Trans>
        </legend>
        <div
          className={css({
            display: 'inline-flex',
            flexWrap: 'wrap',
            gap: '1',
            padding: '1',
            borderRadius: 'lg',
            bg: 'bg.muted',
          })}
        >
          {(
            [
              ['hidden', t`Hide`, 'preview.hidden'],
              ['learner', t`As a learner`, 'preview.learnerShown'],
              ['instructor', t`As the instructor`, 'preview.instructorShown'],
            ] as const
          ).map(([mode, label, type]) => (
            <label
              key={mode}
              className={css({
                position: 'relative',
                display: 'inline-flex',
                alignItems: 'center',
                paddingInline: '3',
                height: '9',
                borderRadius: 'md',
                fontSize: 'sm',
                fontWeight: 'semibold',
                cursor: 'pointer',
                color: 'fg.muted',
                '&:has(input:checked)': { bg: 'bg.surface', color: 'primary.strong', boxShadow: 'card' },
                '&:has(input:focus-visible)': { outline: '3px solid {colors.primary.strong}', outlineOffset: '1px' },
              })}
            >
              <input
                type="radio"
                name="course-preview-mode"
                value={mode}
                checked={previewMode === mode}
                onChange={() => actor.send({ type })}
                className={css({ position: 'absolute', opacity: 0, inset: 0, cursor: 'pointer' })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

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
          <section
            aria-labelledby="course-preview-title"
            // Focusable: on wide screens the preview scrolls on its own (keyboard users scroll it too).
            tabIndex={0}
            className={css({
              order: { base: -1, desktop: 1 },
              position: { desktop: 'sticky' },
              insetBlockStart: { desktop: '20' },
              maxHeight: { desktop: 'calc(100vh - 6rem)' },
              overflowY: { desktop: 'auto' },
              bg: 'bg.surface',
              borderRadius: 'xl',
              borderWidth: '2px',
              borderStyle: 'dashed',
              borderColor: 'primary.muted',
              _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
              padding: { base: '4', tablet: '5' },
              display: 'flex',
              flexDirection: 'column',
              gap: '4',
            })}
          >
            <h2
              id="course-preview-title"
              className={css({
                fontSize: 'sm',
                fontWeight: 'bold',
                color: 'primary.strong',
                textTransform: 'uppercase',
                letterSpacing: 'wide',
              })}
            >
              {previewMode === 'learner' ? (
                <Trans>Preview as a learner</Trans>
              ) : (
                <Trans>Preview as the instructor</Trans>
              )}
            </h2>
            <CoursePreview mode={previewMode} values={values} reference={reference} educatorName={educatorName} />
          </section>
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

          <fieldset
            disabled={saving}
            className={css({
              border: 'none',
              padding: 0,
              margin: 0,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: '6',
            })}
          >
            <FormSection id="course-details" title={<Trans>Course details</Trans>}>
              <TextField
                label={t`Title`}
                name="title"
                dir="auto"
                required
                maxLength={200}
                value={values.title}
                onChange={(e) => change({ title: e.currentTarget.value }, ['title'])}
                error={errorOf('title')}
              />
              <TextareaField
                label={t`Short description`}
                name="description"
                dir="auto"
                required
                rows={3}
                maxLength={2000}
                helperText={t`One or two sentences, shown on the course cards.`}
                value={values.description}
                onChange={(e) => change({ description: e.currentTarget.value }, ['description'])}
                error={errorOf('description')}
              />
              <TextareaField
                label={t`About`}
                name="about"
                dir="auto"
                rows={6}
                helperText={t`What learners will do, build and need to know.`}
                value={values.about}
                onChange={(e) => change({ about: e.currentTarget.value }, ['about'])}
                error={errorOf('about')}
              />
              <FieldRow columns={3}>
                <SelectField
                  label={t`Category`}
                  name="courseCategoryId"
                  required
                  value={values.courseCategoryId}
                  onChange={(e) => change({ courseCategoryId: e.currentTarget.value }, ['courseCategoryId'])}
                  error={errorOf('courseCategoryId')}
                >
                  <option value="">{t`Choose a category`}</option>
                  {reference.categories.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {categoryName(c, locale)}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={t`Language`}
                  name="languageId"
                  required
                  value={values.languageId}
                  onChange={(e) => change({ languageId: e.currentTarget.value }, ['languageId'])}
                  error={errorOf('languageId')}
                >
                  {reference.languages.map((l) => (
                    <option key={l.id} value={String(l.id)}>
                      {l.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={t`Level`}
                  name="difficultyLevel"
                  required
                  value={values.difficultyLevel}
                  onChange={(e) =>
                    change({ difficultyLevel: e.currentTarget.value as Difficulty }, ['difficultyLevel'])
                  }
                  error={errorOf('difficultyLevel')}
                >
                  {DIFFICULTIES.map((d) => (
                    <option key={d} value={d}>
                      {t(difficultyLabels[d])}
                    </option>
                  ))}
                </SelectField>
              </FieldRow>
              <FieldRow>
                <TextField
                  label={t`Live hours`}
                  name="numHours"
                  type="number"
                  inputMode="numeric"
                  required
                  min={0}
                  max={1000}
                  step={1}
                  value={values.numHours}
                  onChange={(e) => change({ numHours: e.currentTarget.value }, ['numHours'])}
                  error={errorOf('numHours')}
                />
                <TextField
                  label={t`Price (US dollars)`}
                  name="price"
                  type="number"
                  inputMode="decimal"
                  required
                  min={0}
                  max={100000}
                  step={0.01}
                  helperText={t`0 makes the course free.`}
                  value={values.price}
                  onChange={(e) => change({ price: e.currentTarget.value }, ['price'])}
                  error={errorOf('price')}
                />
              </FieldRow>
              <div
                className={css({
                  display: 'grid',
                  gap: '3',
                  gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' },
                })}
              >
                <CheckboxField
                  label={<Trans>Several instructors</Trans>}
                  hint={<Trans>Other educators may run sessions of this course.</Trans>}
                  checked={values.hasMultiInstructors}
                  onChange={(checked) => change({ hasMultiInstructors: checked }, ['hasMultiInstructors'])}
                />
                {company ? (
                  <CheckboxField
                    label={t`Private to ${companyName}`}
                    hint={<Trans>Only your company's users will see this course.</Trans>}
                    checked={values.isPrivate}
                    onChange={(checked) => change({ isPrivate: checked }, ['isPrivate', 'companyId'])}
                  />
                ) : null}
              </div>
            </FormSection>

            <FormSection id="course-skills" title={<Trans>Skills</Trans>}>
              <div
                className={css({
                  display: 'grid',
                  gap: '6',
                  gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' },
                })}
              >
                <SkillPicker
                  legend={t`Skills required`}
                  hint={t`What learners should know before they start.`}
                  skills={reference.skills}
                  value={values.requiredSkills}
                  onChange={(joined) => change({ requiredSkills: joined }, ['requiredSkills'])}
                  error={errorOf('requiredSkills')}
                />
                <SkillPicker
                  legend={t`Skills gained`}
                  hint={t`What learners will be able to do at the end.`}
                  skills={reference.skills}
                  value={values.gainedSkills}
                  onChange={(joined) => change({ gainedSkills: joined }, ['gainedSkills'])}
                  error={errorOf('gainedSkills')}
                />
              </div>
            </FormSection>

            <FormSection id="course-media" title={<Trans>Picture and video</Trans>}>
              <div
                className={css({
                  display: 'grid',
                  gap: '6',
                  gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' },
                })}
              >
                <UploadField
                  label={t`Course picture`}
                  kind="coursePicture"
                  preview="image"
                  required={!course}
                  value={values.picture}
                  {...uploadProps('picture')}
                />
                <UploadField
                  label={t`Introduction video`}
                  kind="courseVideo"
                  preview="video"
                  value={values.video}
                  onRemove={() => change({ video: null }, ['video'])}
                  {...uploadProps('video')}
                />
              </div>
            </FormSection>

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
