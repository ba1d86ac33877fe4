import { type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import { type ThemeValues, settingsUpdateOf, valuesFromSettings } from './theme-editor.form';
import type { LoadedTheme, LogoFailure, LogoRequest, ThemeEditorEvent } from './theme-editor.machine';

/**
 * Sends the logo file (XHR, with the caller's credentials) to `POST /companies/{id}/picture` and
 * resolves with the stored upload's `url`. Reports bytes sent through `onProgress`; `signal`
 * aborts it. Rejects with an error carrying `code` ('tooLarge' | 'badType' | 'failed') and, when
 * known, `limit`, `accepted` and `status` — `uploadFile('companyLogo', …)` of src/lib/api/upload.ts
 * bound to the auth actor's credentials is the app's implementation.
 */
export type LogoUploader = (
  companyId: number,
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: { loaded: number; total: number }) => void },
) => Promise<{ url: string }>;

function logoFailureOf(error: unknown): LogoFailure {
  const e = (error && typeof error === 'object' ? error : {}) as {
    code?: unknown;
    limit?: unknown;
    accepted?: unknown;
    status?: unknown;
  };
  const code = e.code === 'tooLarge' ? 'upload.tooLarge' : e.code === 'badType' ? 'upload.badType' : 'upload.failed';
  return {
    code,
    ...(typeof e.limit === 'string' && e.limit ? { limit: e.limit } : {}),
    ...(typeof e.accepted === 'string' && e.accepted ? { accepted: e.accepted } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
  };
}

/**
 * The theme editor's actors over the generated client:
 *
 *   useActorRef(themeEditorMachine.provide({ actors: createThemeEditorActors(api, { upload }) }), { input: { companyId } })
 *
 * - `loadSettings`: `GET /companies/{id}/settings` → form values (colours upper-case, links in
 *   stored order) and the logo URL; rejects with an `ApiError` (403 another company, 404 none).
 * - `saveSettings`: `PUT /companies/{id}/settings {style, links}` (`settingsUpdateOf`); resolves
 *   with the values as stored; rejects with an `ApiError` (400 "The theme is not readable" with
 *   field errors `style.primaryColor` …, 403, 404).
 * - `uploadLogo`: the logo over XHR; sends back `logo.progressed {loaded, total}` (bytes), then
 *   `logo.succeeded {url}` or `logo.failed {error}`; stopping it aborts the request.
 */
export function createThemeEditorActors(api: Api, options: { upload: LogoUploader }) {
  return {
    loadSettings: fromPromise<LoadedTheme, { companyId: number }>(async ({ input }) => {
      const settings = unwrap(await api.GET('/companies/{id}/settings', { params: { path: { id: input.companyId } } }));
      return { values: valuesFromSettings(settings), logo: settings.logo };
    }),

    saveSettings: fromPromise<ThemeValues, { companyId: number; values: ThemeValues }>(async ({ input }) => {
      const saved = unwrap(
        await api.PUT('/companies/{id}/settings', {
          params: { path: { id: input.companyId } },
          body: settingsUpdateOf(input.values),
        }),
      );
      return valuesFromSettings(saved);
    }),

    uploadLogo: fromCallback<AnyEventObject, LogoRequest>(({ input, sendBack }) => {
      const controller = new AbortController();
      const send = (event: ThemeEditorEvent) => {
        if (!controller.signal.aborted) sendBack(event);
      };
      options
        .upload(input.companyId, input.file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => send({ type: 'logo.progressed', loaded, total }),
        })
        .then(
          (result) => send({ type: 'logo.succeeded', url: result.url }),
          (error: unknown) => send({ type: 'logo.failed', error: logoFailureOf(error) }),
        );
      return () => controller.abort();
    }),
  };
}
