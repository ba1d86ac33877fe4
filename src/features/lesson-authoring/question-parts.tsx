import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { bareFieldset } from '@/components/ui/fieldset-styles';
import { fieldError } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { UploadField, uploadErrorText, useUpload } from '@/components/ui/upload-field';
import { type XhrCredentials } from '@/lib/api/upload';

/** An error text under a group of controls (the fields show their own). */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={fieldError()}>
      {error}
    </p>
  );
}

export const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  padding: { base: '3', tablet: '4' },
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.canvas',
  minWidth: 0,
});

/** A question's group of answer fields (options, true/false, accepted answers): a bare fieldset stacking them. */
export const answerFieldset = cx(bareFieldset, css({ gap: '2' }));

/** The legend of an {@link answerFieldset}. */
export const answerLegend = css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '1' });

export const choiceRow = css({ display: 'flex', alignItems: 'flex-end', gap: '2', minWidth: 0 });

export const checkLabel = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  cursor: 'pointer',
  minHeight: '10',
});

export const check = css({ width: '4.5', height: '4.5', accentColor: 'var(--colors-primary-strong)', flexShrink: 0 });

/**
 * The optional picture of one question: uploaded through `POST
 * /v2/questions/upload/picture` (upload kind `questionPicture`, png or jpeg up to 5 MB) with a
 * progress bar and a cancel button, previewed as a thumbnail (alt text "Preview of …"), removable
 * with "Remove picture". `onPicture(url)` sets the question's `pictureUrl` (null removes it);
 * `onUploading(busy)` reports an upload in progress (the lesson cannot be saved meanwhile). The
 * field shows the upload's failure, else `error` (the form's or the server's error of
 * `questions[i].pictureUrl`). Unmounting (the question removed) aborts the upload.
 */
export function QuestionPicture({
  n,
  pictureUrl,
  error,
  disabled,
  credentials,
  onPicture,
  onUploading,
}: {
  /** The question's number (1-based), for the labels. */
  n: number;
  pictureUrl: string;
  error: string | undefined;
  disabled?: boolean | undefined;
  credentials?: XhrCredentials | undefined;
  onPicture: (url: string | null) => void;
  onUploading: (busy: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const upload = useUpload('questionPicture', { ...credentials, onUploaded: (result) => onPicture(result.url) });
  const busy = upload.uploading;
  const onUploadingRef = useRef(onUploading);
  onUploadingRef.current = onUploading;
  useEffect(() => {
    onUploadingRef.current(busy);
  }, [busy]);
  useEffect(() => () => onUploadingRef.current(false), []);
  const shown = upload.error ? uploadErrorText(i18n, upload.error) : error;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
      <UploadField
        label={t`Picture of question ${n}`}
        kind="questionPicture"
        preview="image"
        helperText={t`Optional: shown to learners with the prompt.`}
        value={pictureUrl ? { url: pictureUrl } : null}
        progress={upload.progress}
        error={shown ?? null}
        disabled={disabled}
        onFileSelected={upload.start}
        onCancel={upload.cancel}
      />
      {pictureUrl && !busy && !disabled ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            startIcon={<CloseIcon size={14} />}
            aria-label={t`Remove picture of question ${n}`}
            onClick={() => {
              upload.reset();
              onPicture(null);
            }}
          >
            <Trans>Remove picture</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
