import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { css } from 'styled-system/css';
import { TextareaField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { type XhrCredentials } from '@/lib/api/upload';
import { AUTHORING_LIMITS, type AuthoringValues } from '@machines/lesson-authoring.form';

// TipTap is loaded only when a reading or notes lesson is edited (its own chunk).
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor'));

/**
 * The "Content" section of the lesson-authoring screen. Reading and notes lessons (`richText`) are
 * written in the rich-text editor (its chunk loads on first use, a spinner meanwhile); the other
 * types keep a plain HTML field. Either way the HTML is the form's `contentHtml` (the server
 * sanitises it when saved).
 */
export function ContentSection({
  richText,
  reading,
  values,
  change,
  errorOf,
  disabled,
  credentials,
  onUploadingChange,
}: {
  richText: boolean;
  /** A reading lesson (its own label). */
  reading: boolean;
  values: AuthoringValues;
  change: (patch: Partial<AuthoringValues>, fields: string[]) => void;
  errorOf: (path: string) => string | undefined;
  disabled: boolean;
  credentials?: XhrCredentials | undefined;
  onUploadingChange: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  if (richText) {
    return (
      <FormSection
        id="lesson-content"
        title={<Trans>Content</Trans>}
        lead={<Trans>The text learners read in the lesson, with headings, lists, links, code and images.</Trans>}
      >
        <Suspense
          fallback={
            <div
              className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '8', color: 'primary.strong' })}
            >
              <Spinner label={t`Loading the editor…`} />
            </div>
          }
        >
          <RichTextEditor
            label={reading ? t`Reading text` : t`Notes`}
            value={values.contentHtml}
            onChange={(html) => change({ contentHtml: html }, ['contentHtml'])}
            error={errorOf('contentHtml')}
            disabled={disabled}
            credentials={credentials}
            onUploadingChange={onUploadingChange}
          />
        </Suspense>
      </FormSection>
    );
  }
  return (
    <FormSection
      id="lesson-content"
      title={<Trans>Content</Trans>}
      lead={<Trans>The text learners read in the lesson (HTML; scripts are removed when saved).</Trans>}
    >
      <TextareaField
        label={reading ? t`Reading text (HTML)` : t`Content (HTML)`}
        dir="auto"
        rows={10}
        maxLength={AUTHORING_LIMITS.contentHtml}
        value={values.contentHtml}
        onChange={(e) => change({ contentHtml: e.currentTarget.value }, ['contentHtml'])}
        error={errorOf('contentHtml')}
      />
    </FormSection>
  );
}
