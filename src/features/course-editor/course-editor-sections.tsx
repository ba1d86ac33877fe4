import { type UploadFieldProps, UploadField } from '@/components/ui/upload-field';
import { type UploadField as UploadFieldName, type EditorReference } from '@machines/course-editor.machine';
import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { twoColumns } from '@/components/ui/layout-styles';
import { type CourseFormValues } from '@machines/course-editor.form';
import { CoursePreview } from './course-preview';
import { FormSection } from '@/components/ui/form-controls';
import { Link } from '@tanstack/react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { containerStyles } from '@/components/ui/page';
import { SkillPicker } from './skill-picker';

/** The live preview of the course page beside the form, as a learner or as the instructor sees it. */
export function CoursePreviewPanel({
  previewMode,
  values,
  reference,
  educatorName,
}: {
  previewMode: 'learner' | 'instructor';
  values: CourseFormValues;
  reference: EditorReference;
  educatorName: string;
}) {
  return (
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
        {previewMode === 'learner' ? <Trans>Preview as a learner</Trans> : <Trans>Preview as the instructor</Trans>}
      </h2>
      <CoursePreview mode={previewMode} values={values} reference={reference} educatorName={educatorName} />
    </section>
  );
}

/** The preview choice (hide, as a learner, as the instructor), as radio buttons. */
export function PreviewModeSwitch({
  previewMode,
  onChange,
}: {
  previewMode: 'hidden' | 'learner' | 'instructor';
  onChange: (type: 'preview.hidden' | 'preview.learnerShown' | 'preview.instructorShown') => void;
}) {
  const { t } = useLingui();
  return (
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
              onChange={() => onChange(type)}
              className={css({ position: 'absolute', opacity: 0, inset: 0, cursor: 'pointer' })}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What an upload field of the form is bound to (progress, error, file chosen, cancel). */
type UploadBinding = Pick<UploadFieldProps, 'progress' | 'error' | 'onFileSelected' | 'onCancel' | 'disabled'>;

/** The course's picture and introduction video, uploaded while the form is edited. */
export function CourseMediaSection({
  values,
  isNew,
  uploadProps,
  change,
}: {
  values: CourseFormValues;
  /** A new course must have a picture. */
  isNew: boolean;
  /** The upload field's progress, error and handlers, by field. */
  uploadProps: (field: UploadFieldName) => UploadBinding;
  change: (patch: Partial<CourseFormValues>, fields: string[]) => void;
}) {
  const { t } = useLingui();
  return (
    <FormSection id="course-media" title={<Trans>Picture and video</Trans>}>
      <div className={cx(twoColumns, css({ gap: '6' }))}>
        <UploadField
          label={t`Course picture`}
          kind="coursePicture"
          preview="image"
          required={isNew}
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
  );
}

/** The skills a course requires and the skills it gives. */
export function CourseSkillsSection({
  values,
  reference,
  errorOf,
  change,
}: {
  values: CourseFormValues;
  reference: EditorReference;
  errorOf: (key: string) => string | undefined;
  change: (patch: Partial<CourseFormValues>, fields: string[]) => void;
}) {
  const { t } = useLingui();
  return (
    <FormSection id="course-skills" title={<Trans>Skills</Trans>}>
      <div className={cx(twoColumns, css({ gap: '6' }))}>
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
  );
}

/** Why an admin did not approve the course (its moderation message). */
export function RejectionNote({ message }: { message: string }) {
  return (
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
          <bdi>{message}</bdi>
        </p>
      </div>
    </div>
  );
}

/** The editor could not load: a course that is not the caller's (404, 403) or another failure, with Try again. */
export function EditorLoadFailed({
  error,
  onRetry,
}: {
  error: { status?: number; message?: string } | null;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const notFound = error?.status === 404 || error?.status === 403;
  return (
    <div className={cx(containerStyles, css({ paddingBlock: { base: '8', tablet: '12' } }))}>
      <EmptyState
        title={
          notFound ? <Trans>This course cannot be edited</Trans> : <Trans>The course editor could not be loaded</Trans>
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
            <Button onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          )
        }
      />
    </div>
  );
}
