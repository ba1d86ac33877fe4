import { useCallback, useEffect, useRef, useState } from 'react';
import {
  credentialsOf,
  type UploadKind,
  type UploadResult,
  UploadError,
  uploadFile,
  type XhrCredentials,
} from '@/lib/api/upload';

/** Bytes sent of `total` (what the progress bar shows). */
export interface UploadFieldProgress {
  loaded: number;
  total: number;
  fileName?: string;
}

/** State of {@link useUpload}. */
export interface UploadHookState {
  progress: UploadFieldProgress | null;
  result: UploadResult | null;
  error: UploadError | null;
}

/**
 * Uploads through `uploadFile` for screens without a machine:
 *
 *   const upload = useUpload('profilePicture', { auth })
 *   <UploadField kind="profilePicture" value={upload.result} progress={upload.progress}
 *     error={upload.error && uploadErrorText(i18n, upload.error)} onFileSelected={upload.start} onCancel={upload.cancel} />
 *
 * `start(null)` does nothing (product.md#validation); a new `start` aborts the previous upload; unmounting aborts.
 * `onUploaded` is called with each successful result.
 */
export function useUpload(
  kind: UploadKind,
  options: XhrCredentials & { baseUrl?: string; companyId?: number; onUploaded?: (result: UploadResult) => void } = {},
) {
  const [state, setState] = useState<UploadHookState>({ progress: null, result: null, error: null });
  const controller = useRef<AbortController | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (file: File | null) => {
      if (!file) return;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const { baseUrl, companyId, onUploaded } = optionsRef.current;
      setState((s) => ({ ...s, error: null, progress: { loaded: 0, total: file.size, fileName: file.name } }));
      uploadFile(kind, file, {
        ...credentialsOf(optionsRef.current),
        signal: current.signal,
        ...(baseUrl ? { baseUrl } : {}),
        ...(companyId !== undefined ? { companyId } : {}),
        onProgress: ({ loaded, total }) => {
          if (controller.current === current)
            setState((s) => ({ ...s, progress: { loaded, total, fileName: file.name } }));
        },
      }).then(
        (result) => {
          if (controller.current !== current) return;
          setState({ progress: null, result, error: null });
          onUploaded?.(result);
        },
        (error: unknown) => {
          if (controller.current !== current) return;
          const e = error instanceof UploadError ? error : new UploadError('failed');
          setState((s) => ({ ...s, progress: null, error: e.aborted ? null : e }));
        },
      );
    },
    [kind],
  );

  const cancel = useCallback(() => {
    const current = controller.current;
    controller.current = null;
    current?.abort();
    setState((s) => ({ ...s, progress: null }));
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ progress: null, result: null, error: null });
  }, []);

  return { ...state, uploading: state.progress !== null, start, cancel, reset };
}
