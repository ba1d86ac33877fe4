import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { LessonPart } from '@/components/ui/titled-section';
import { css } from 'styled-system/css';
import { UploadField, uploadErrorText, type UploadFieldProgress } from '@/components/ui/upload-field';
import { toaster } from '@/components/ui/toast';
import type { Api, ApiAuth } from '@/lib/api/client';
import { checkFile, UploadError, type XhrCredentials } from '@/lib/api/upload';
import { ChosenFile, ResubmitDialog } from './chosen-file';
import { type ClassroomLessonDetail } from './content-lessons';
import { LessonHtml } from '@/components/ui/rich-text';
import { SubmissionHistory, toastSubmitFailure, useSubmissions } from './submissions';
import { submitDocument, type Submission } from './submit-document';

const submitted = msg`Assignment submitted successfully`;

/**
 * An assignment lesson: the instructions, then for learners a document upload: the chosen file is
 * checked (type, size) and shown (name, size, type) with Submit and Cancel, nothing is sent before
 * Submit, and a learner who has handed in before confirms a new version first; then
 * `POST /assignments/{id}/submissions` (field `document` + `sessionId`) with a progress bar, and
 * the history of their submissions with grades and comments. Toasts per spec
 * #messages: 'Assignment submitted successfully'; 'Cannot submit assignment!' or the first server field
 * error with its message. A file refused on the client (type, size) is shown under the field.
 * Educators and admins see the session's submissions instead of the upload.
 */
export function AssignmentLesson({
  api,
  detail,
  learner,
  getAuth,
  onUnauthorized,
  viewerZone,
  baseUrl,
  onSubmitted,
}: {
  api: Api;
  detail: ClassroomLessonDetail;
  learner: boolean;
  getAuth: () => ApiAuth | null;
  /** A 401 of the upload: resolve `true` to resend after a token refresh (`XhrCredentials`). */
  onUnauthorized?: XhrCredentials['onUnauthorized'];
  viewerZone: string;
  /** API base URL for the upload (default `/api`). */
  baseUrl?: string;
  onSubmitted?: (submission: Submission) => void;
}) {
  const { t, i18n } = useLingui();
  const history = useSubmissions(api, detail.lesson.id, detail.sessionId);
  const [progress, setProgress] = useState<UploadFieldProgress | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** The file chosen and checked, waiting for Submit (null: none). */
  const [chosen, setChosen] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const choose = (file: File | null) => {
    if (!file) return; // a cancelled choice: nothing to do (product.md#validation)
    const refused = checkFile('document', file);
    if (refused) {
      // Refused before sending (type or size): explained at the field.
      setChosen(null);
      setFieldError(uploadErrorText(i18n, refused));
      toastSubmitFailure(i18n, refused);
      return;
    }
    setFieldError(null);
    setChosen(file);
  };

  /** The history is loading: whether this is a new version is not known yet (`ChosenFile` waits). */
  const checking = history.status === 'loading';
  const submit = () => {
    if (!chosen || checking) return;
    if (history.items.length > 0 && !confirming) return setConfirming(true);
    setConfirming(false);
    setChosen(null);
    start(chosen);
  };

  const start = (file: File) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setFieldError(null);
    setProgress({ loaded: 0, total: file.size, fileName: file.name });
    submitDocument(detail.lesson.id, file, {
      sessionId: detail.sessionId,
      getAuth,
      ...(onUnauthorized ? { onUnauthorized } : {}),
      signal: current.signal,
      ...(baseUrl ? { baseUrl } : {}),
      onProgress: ({ loaded, total }) => {
        if (controller.current === current) setProgress({ loaded, total, fileName: file.name });
      },
    }).then(
      (submission) => {
        if (controller.current !== current) return;
        controller.current = null;
        setProgress(null);
        history.add(submission);
        onSubmitted?.(submission);
        toaster.create({ title: i18n._(submitted), type: 'success' });
      },
      (error: unknown) => {
        if (controller.current !== current) return;
        controller.current = null;
        setProgress(null);
        if (error instanceof UploadError) {
          if (error.aborted) return;
          // Refused before sending (type or size): explained at the field.
          setFieldError(uploadErrorText(i18n, error));
          toastSubmitFailure(i18n, error);
          return;
        }
        setFieldError(toastSubmitFailure(i18n, error));
      },
    );
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      {detail.contentHtml ? <LessonHtml html={detail.contentHtml} /> : null}
      {learner ? (
        <LessonPart titleId="assignment-submit-title" title={<Trans>Submit your work</Trans>}>
          <UploadField
            label={t`Your document`}
            kind="document"
            value={null}
            progress={progress}
            error={fieldError}
            helperText={<Trans>Choose a file, check it, then submit it; your earlier submissions are kept.</Trans>}
            onFileSelected={choose}
            chosenName={chosen?.name}
            onCancel={() => {
              controller.current?.abort();
              controller.current = null;
              setProgress(null);
            }}
          />
          {chosen && !progress ? (
            <ChosenFile file={chosen} checking={checking} onSubmit={submit} onCancel={() => setChosen(null)} />
          ) : null}
          <ResubmitDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={submit} />
        </LessonPart>
      ) : null}
      <SubmissionHistory history={history} viewerZone={viewerZone} showLearner={!learner} />
    </div>
  );
}
