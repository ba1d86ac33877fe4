import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, type Ref, useId, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { acceptOf, UPLOAD_ENDPOINTS, type UploadErrorCode, type UploadKind } from '@/lib/api/upload';
import { Button } from './button';
import { AlertIcon, BookIcon, CloseIcon } from './icons';
import { visuallyHidden } from './spinner';
import { ProgressBar } from './progress-bar';
import type { UploadFieldProgress } from './use-upload';

/** product.md#validation / #messages upload texts (English source texts as the spec writes them). */
const uploadMessages = {
  tooLarge: (limit: string) => msg`File size must be less than ${limit}`,
  badType: (accepted: string) => msg`File type must be ${accepted}`,
  failed: () => msg`Failed to upload file !`,
};

/** What an upload failure says: 'File size must be less than 5 MB', 'File type must be png, jpeg', 'Failed to upload file !'. */
export function uploadErrorText(
  i18n: I18n,
  error: {
    code: UploadErrorCode | 'upload.tooLarge' | 'upload.badType' | 'upload.failed';
    limit?: string | undefined;
    accepted?: string | undefined;
  },
): string {
  const code = error.code.replace(/^upload\./, '') as UploadErrorCode;
  if (code === 'tooLarge') return i18n._(uploadMessages.tooLarge(ltr(error.limit ?? '', i18n.locale)));
  if (code === 'badType') return i18n._(uploadMessages.badType(ltr(error.accepted ?? '', i18n.locale)));
  return i18n._(uploadMessages.failed());
}

export interface UploadFieldProps {
  label: ReactNode;
  /** Which upload (decides the accepted types and the hint). */
  kind: UploadKind;
  /** How the current file is previewed. */
  preview?: 'image' | 'video' | 'file';
  /** The current file (after an upload, or the saved one), or null. */
  value: { url: string; name?: string | undefined } | null;
  /** Set while uploading. */
  progress?: UploadFieldProgress | null;
  /** Translated error (upload failure or field error) shown under the control. */
  error?: string | null | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** A file was chosen (null when the choice was cancelled: nothing to do, product.md#validation). */
  /** The name of a file chosen but not sent yet (the caller shows it with its own Submit), in place of "No file chosen". */
  chosenName?: string | undefined;
  onFileSelected: (file: File | null) => void;
  /** Offered while uploading. */
  onCancel?: () => void;
  /** Offered when there is a file and the field is optional. */
  onRemove?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

const frame = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  padding: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  bg: 'bg.subtle',
  '&[data-invalid]': { borderColor: 'error.strong' },
});

const pickerRow = css({ position: 'relative', display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });

const fakeButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '9',
  paddingInline: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  color: 'primary.strong',
  fontSize: 'sm',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { bg: 'primary.subtle' },
  'input:focus-visible + &': { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
  '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
});

/** Wraps text that must read left to right (file types, sizes) when it sits in Arabic text. */
function ltr(text: string, locale: string): string {
  return locale === 'ar' ? `\u2066${text}\u2069` : text;
}

/**
 * A file upload control, reusable on any screen: a native file input (keyboard and screen-reader
 * friendly) limited to the accepted types of `kind`, a hint with the types and size limit, a
 * preview of the current file, a progress bar while uploading (`role=progressbar` with
 * `aria-valuenow` in percent) with a cancel button, and the error text (`role=alert`).
 *
 * It does not upload by itself: the owner does (a machine, or {@link useUpload}) and passes
 * `progress`, `value` and `error` back.
 */
export function UploadField({
  label,
  kind,
  preview = 'file',
  value,
  progress,
  error,
  helperText,
  required,
  disabled,
  onFileSelected,
  chosenName,
  onCancel,
  onRemove,
  inputRef,
  className,
}: UploadFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const ownInput = useRef<HTMLInputElement | null>(null);
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { family } = UPLOAD_ENDPOINTS[kind];
  const accepted = ltr(family.label, i18n.locale);
  const limit = ltr(family.maxLabel, i18n.locale);
  const uploading = Boolean(progress);
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  const uploadingName = progress?.fileName ?? '';
  const fileName = value?.name ?? value?.url.split('/').pop() ?? '';

  return (
    <div className={cx(css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: 0 }), className)}>
      <label htmlFor={inputId} className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })}>
        {label}
        {required ? (
          <span aria-hidden className={css({ color: 'error.strong', marginInlineStart: '1' })}>
            *
          </span>
        ) : null}
      </label>
      <div className={frame} data-invalid={error ? '' : undefined}>
        {value ? (
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            {preview === 'image' ? (
              <img
                src={value.url}
                alt={t`Preview of ${fileName}`}
                className={css({
                  width: '40',
                  maxWidth: 'full',
                  aspectRatio: '16 / 9',
                  objectFit: 'cover',
                  borderRadius: 'lg',
                  bg: 'bg.muted',
                })}
              />
            ) : preview === 'video' ? (
              <video
                src={value.url}
                controls
                preload="metadata"
                aria-label={t`Preview of ${fileName}`}
                className={css({
                  width: '56',
                  maxWidth: 'full',
                  aspectRatio: '16 / 9',
                  borderRadius: 'lg',
                  bg: 'black',
                })}
              />
            ) : (
              <a
                href={value.url}
                target="_blank"
                rel="noreferrer"
                className={css({
                  display: 'inline-flex',
                  gap: '2',
                  alignItems: 'center',
                  color: 'primary.strong',
                  textDecoration: 'underline',
                })}
              >
                <BookIcon size={16} />
                <bdi>{fileName}</bdi>
              </a>
            )}
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
              {preview !== 'file' ? (
                <span className={css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-all' })}>
                  <bdi>{fileName}</bdi>
                </span>
              ) : null}
              {onRemove && !uploading && !disabled ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onRemove}
                  startIcon={<CloseIcon size={14} />}
                  className={css({ alignSelf: 'flex-start' })}
                >
                  <Trans>Remove</Trans>
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
        <div className={pickerRow}>
          <input
            ref={(node) => {
              ownInput.current = node;
              if (typeof inputRef === 'function') inputRef(node);
              else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = node;
            }}
            id={inputId}
            type="file"
            accept={acceptOf(kind)}
            disabled={disabled || uploading}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            aria-required={required || undefined}
            className={visuallyHidden}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              // Reset, so choosing the same file again (after an error) is a new choice.
              event.currentTarget.value = '';
              onFileSelected(file);
            }}
          />
          {/* The visible, translated button: the real control is the (visually hidden) file input. */}
          <span
            aria-hidden
            data-disabled={disabled || uploading ? '' : undefined}
            className={fakeButton}
            onClick={() => {
              if (!disabled && !uploading) ownInput.current?.click();
            }}
          >
            {value ? <Trans>Replace the file</Trans> : <Trans>Choose a file</Trans>}
          </span>
          <span
            aria-hidden
            className={css({ fontSize: 'sm', color: 'fg.muted', minWidth: 0, overflowWrap: 'anywhere' })}
          >
            {uploading ? (
              <bdi>{uploadingName}</bdi>
            ) : value ? null : chosenName ? (
              <bdi>{chosenName}</bdi>
            ) : (
              <Trans>No file chosen</Trans>
            )}
          </span>
        </div>
        {progress ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
            <ProgressBar
              value={percent}
              label={t`Uploading ${uploadingName}`}
              valueText={t`${percent}% uploaded`}
              tone="primary"
              animated
            />
            <span
              aria-hidden
              className={css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums', minWidth: '10', textAlign: 'end' })}
            >
              {percent}%
            </span>
            {onCancel ? (
              <Button variant="ghost" size="sm" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
            ) : null}
          </div>
        ) : null}
        <p id={hintId} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {helperText ? <>{helperText} </> : null}
          <Trans>
            Accepted: {accepted}. Up to {limit}.
          </Trans>
        </p>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={css({
            display: 'flex',
            gap: '1.5',
            alignItems: 'center',
            fontSize: 'xs',
            fontWeight: 'medium',
            color: 'error.strong',
          })}
        >
          <AlertIcon size={14} />
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { useUpload } from './use-upload';
export type { UploadFieldProgress } from './use-upload';
