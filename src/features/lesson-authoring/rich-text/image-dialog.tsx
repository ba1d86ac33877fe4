import { Trans, useLingui } from '@lingui/react/macro';
import type { Editor } from '@tiptap/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AppDialog } from '@/components/ui/dialog';
import { DialogForm, DialogFormActions } from '@/components/ui/dialog-form';
import { TextField } from '@/components/ui/field';
import { UploadField, uploadErrorText, useUpload } from '@/components/ui/upload-field';
import { type XhrCredentials } from '@/lib/api/upload';
import { later } from '@/lib/later';

/** Longest alt text kept (a sentence or two). */
const ALT_MAX = 300;

/**
 * The image dialog of the lesson editor: a picture (png or jpeg up to 5 MB) uploaded with the
 * existing upload API (`POST /v2/questions/upload/picture`, the lesson pictures' endpoint, with its
 * progress bar and cancel button), and its alt text, required (what a screen reader says instead
 * of the picture). "Add image" inserts it where the cursor was; cancelling, or closing while the
 * upload runs, aborts the upload. `onUploading(busy)` says whether an upload runs (the lesson
 * cannot be saved meanwhile).
 */
export function ImageDialog({
  editor,
  credentials,
  onUploading,
  onClose,
}: {
  editor: Editor;
  credentials?: XhrCredentials | undefined;
  onUploading: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const upload = useUpload('questionPicture', credentials ?? {});
  const [alt, setAlt] = useState('');
  const [missing, setMissing] = useState<'picture' | 'alt' | null>(null);
  const onUploadingRef = useRef(onUploading);
  onUploadingRef.current = onUploading;
  useEffect(() => onUploadingRef.current(upload.uploading), [upload.uploading]);
  useEffect(() => () => onUploadingRef.current(false), []);

  const close = (run?: () => void) => {
    upload.cancel();
    onClose();
    later(() => {
      run?.();
      editor.commands.focus();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is rendered in a portal but inside the lesson's form in React's tree: its submit
    // must not bubble there and save the lesson.
    event.stopPropagation();
    const src = upload.result?.url;
    const text = alt.trim();
    if (!src || !text) {
      setMissing(!src ? 'picture' : 'alt');
      const form = event.currentTarget as HTMLFormElement;
      later(() => form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus());
      return;
    }
    close(() => editor.chain().focus().setImage({ src, alt: text }).run());
  };

  const uploadError = upload.error
    ? uploadErrorText(i18n, upload.error)
    : missing === 'picture'
      ? t`Choose a picture to upload.`
      : null;

  return (
    <AppDialog
      open
      onClose={() => close()}
      title={<Trans>Add image</Trans>}
      footer={
        <DialogFormActions
          formId={formId}
          busy={false}
          onCancel={() => close()}
          submitDisabled={upload.uploading}
          submitLabel={<Trans>Add image</Trans>}
        />
      }
    >
      <DialogForm id={formId} onSubmit={onSubmit}>
        <UploadField
          label={t`Picture`}
          kind="questionPicture"
          preview="image"
          required
          value={upload.result}
          progress={upload.progress}
          error={uploadError}
          onFileSelected={(file) => {
            setMissing(null);
            upload.start(file);
          }}
          onCancel={upload.cancel}
        />
        <TextField
          label={t`Alt text`}
          dir="auto"
          required
          maxLength={ALT_MAX}
          helperText={t`Describe the picture for learners who cannot see it.`}
          value={alt}
          onChange={(e) => {
            setAlt(e.currentTarget.value);
            if (missing === 'alt') setMissing(null);
          }}
          error={missing === 'alt' ? t`Describe the picture in a few words.` : null}
        />
      </DialogForm>
    </AppDialog>
  );
}
