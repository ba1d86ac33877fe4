import { type AnyEventObject, assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import { notProvided } from './support/actors';
import { type Failure, fieldErrorsOf, messageOf, statusOf } from './support/errors';
import {
  type ColourKey,
  type LinkRow,
  type ThemeValues,
  checkTheme,
  DEFAULT_COLOURS,
  settingsUpdateOf,
} from './theme-editor.form';

/**
 * The company theme editor (product.md#entities company theme, #roles partner theme
 * settings, #calls `GET`/`PUT /companies/{id}/settings`, `POST /companies/{id}/picture`):
 *
 *   loading ─done─▶ ready ; ─error─▶ loadFailed ─settings.retried─▶ loading
 *   ready (parallel)
 *     form: idle.{editing, refused, saved, saveFailed}
 *             colour.changed | link.changed | link.added | link.removed | theme.reset ─▶ idle.editing
 *             settings.submitted ─[readable and valid]─▶ saving ─done─▶ idle.saved (emits brand.changed)
 *                                                                ─error─▶ idle.saveFailed
 *                                ─[else]─▶ idle.refused (nothing is sent: WCAG 2.1 AA, see theme-editor.form.ts)
 *     logo: idle ─logo.selected [a file]─▶ uploading ─logo.succeeded─▶ idle (emits brand.changed)
 *                                                  ─logo.failed─▶ failed ; ─logo.cancelled─▶ idle
 *
 * Edits are refused while saving. The machine keeps error codes, never translated text; the
 * screen derives the contrast warnings from `values` (`checkTheme`) on every change, so the
 * warning and the live preview follow each keystroke.
 */

/** What `loadSettings` answers: the stored values and logo URL. */
export interface LoadedTheme {
  values: ThemeValues;
  logo: string | null;
}

/** The brand as the rest of the app uses it (auth actor's theme: colours, logo, links). */
export interface Brand {
  primary: string;
  secondary: string;
  tertiary: string;
  logo: string | null;
  links: Record<string, string>;
}

/** The logo upload in progress: bytes sent of `total`. */
export interface LogoUpload {
  fileName: string;
  loaded: number;
  total: number;
}

/** Why the logo upload failed (product.md#validation, #messages): too large, wrong type, or the call failed. */
export interface LogoFailure {
  code: 'upload.tooLarge' | 'upload.badType' | 'upload.failed';
  limit?: string;
  accepted?: string;
  status?: number;
}

export interface ThemeEditorInput {
  companyId: number;
}

export interface ThemeEditorContext {
  companyId: number;
  /** The form as edited. */
  values: ThemeValues;
  /** The values last loaded or saved (for "unsaved changes"). */
  savedValues: ThemeValues;
  logo: string | null;
  upload: LogoUpload | null;
  uploadError: LogoFailure | null;
  /** Load or save failure: code, HTTP status and server message. */
  error: Failure<'theme.loadFailed' | 'theme.saveFailed'> | null;
  /** Field errors the server answered to the last save (`style.primaryColor` → message). */
  serverErrors: Record<string, string>;
}

export type ThemeEditorEvent =
  | { type: 'settings.retried' }
  | { type: 'colour.changed'; key: ColourKey; value: string }
  | { type: 'link.changed'; index: number; name?: string; url?: string }
  | { type: 'link.added' }
  | { type: 'link.removed'; index: number }
  /** Back to the product.md#limits default colours (links kept). */
  | { type: 'theme.reset' }
  | { type: 'settings.submitted' }
  /** A logo file was chosen (null / undefined = none: nothing happens, product.md#validation). */
  | { type: 'logo.selected'; file: File | null | undefined }
  | { type: 'logo.progressed'; loaded: number; total: number }
  | { type: 'logo.succeeded'; url: string }
  | { type: 'logo.failed'; error: LogoFailure }
  | { type: 'logo.cancelled' };

export type ThemeEditorEmitted = { type: 'brand.changed'; brand: Brand };

/** What `uploadLogo` is started with. */
export interface LogoRequest {
  companyId: number;
  file: File;
}

const EMPTY: ThemeValues = { ...DEFAULT_COLOURS, links: [] };

function brandOf(values: ThemeValues, logo: string | null): Brand {
  const update = settingsUpdateOf(values);
  return {
    primary: update.style.primaryColor,
    secondary: update.style.secondaryColor,
    tertiary: update.style.tertiaryColor,
    logo,
    links: update.links,
  };
}

export const themeEditorMachine = setup({
  types: {
    context: {} as ThemeEditorContext,
    events: {} as ThemeEditorEvent,
    input: {} as ThemeEditorInput,
    emitted: {} as ThemeEditorEmitted,
    tags: {} as 'loading' | 'saving' | 'uploading',
  },
  actors: {
    /** `GET /companies/{id}/settings` → the form's values and the logo. */
    loadSettings: notProvided<LoadedTheme, { companyId: number }>(
      'theme-editor',
      'loadSettings',
      'createThemeEditorActors',
    ),
    /** `PUT /companies/{id}/settings {style, links}`; resolves with the values as stored. */
    saveSettings: notProvided<ThemeValues, { companyId: number; values: ThemeValues }>(
      'theme-editor',
      'saveSettings',
      'createThemeEditorActors',
    ),
    /**
     * `POST /companies/{id}/picture` (XHR, progress): sends back `logo.progressed`, then
     * `logo.succeeded {url}` or `logo.failed {error}`. Stopping it aborts the request.
     */
    uploadLogo: fromCallback<AnyEventObject, LogoRequest>(() => {
      throw new Error('theme-editor.machine: actor "uploadLogo" was not provided (use createThemeEditorActors)');
    }),
  },
  guards: {
    /** Readable colours (WCAG 2.1 AA) and valid links: only then is the theme sent. */
    themeIsSavable: ({ context }) => checkTheme(context.values).ok,
    /** product.md#validation: nothing happens when no file is given. */
    hasFile: ({ event }) => event.type === 'logo.selected' && Boolean(event.file),
  },
  actions: {
    assignLoaded: assign((_, params: LoadedTheme) => ({
      values: params.values,
      savedValues: params.values,
      logo: params.logo,
      error: null,
      serverErrors: {},
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({
      error: failure('theme.loadFailed', params.error),
    })),
    clearFailure: assign({ error: null }),
    changeColour: assign(({ context, event }) => {
      assertEvent(event, 'colour.changed');
      return {
        values: { ...context.values, [event.key]: event.value },
        serverErrors: without(context.serverErrors, `style.${event.key}Color`),
      };
    }),
    changeLink: assign(({ context, event }) => {
      assertEvent(event, 'link.changed');
      const links = context.values.links.map(
        (row, i): LinkRow => (i === event.index ? { name: event.name ?? row.name, url: event.url ?? row.url } : row),
      );
      return { values: { ...context.values, links } };
    }),
    addLink: assign(({ context }) => ({
      values: { ...context.values, links: [...context.values.links, { name: '', url: 'https://' }] },
    })),
    removeLink: assign(({ context, event }) => {
      assertEvent(event, 'link.removed');
      return { values: { ...context.values, links: context.values.links.filter((_, i) => i !== event.index) } };
    }),
    resetColours: assign(({ context }) => ({ values: { ...context.values, ...DEFAULT_COLOURS }, serverErrors: {} })),
    startSaving: assign({ error: null, serverErrors: {} }),
    assignSaved: assign((_, params: ThemeValues) => ({ values: params, savedValues: params })),
    assignSaveFailure: assign((_, params: { error: unknown }) => ({
      error: failure('theme.saveFailed', params.error),
      serverErrors: fieldErrorsOf(params.error),
    })),
    emitBrand: emit(({ context }) => ({
      type: 'brand.changed' as const,
      brand: brandOf(context.savedValues, context.logo),
    })),
    startUpload: assign(({ event }) => {
      assertEvent(event, 'logo.selected');
      return {
        upload: { fileName: event.file?.name ?? '', loaded: 0, total: event.file?.size ?? 0 },
        uploadError: null,
      };
    }),
    assignProgress: assign(({ context, event }) => {
      assertEvent(event, 'logo.progressed');
      return context.upload ? { upload: { ...context.upload, loaded: event.loaded, total: event.total } } : {};
    }),
    assignLogo: assign(({ event }) => {
      assertEvent(event, 'logo.succeeded');
      return { logo: event.url, upload: null, uploadError: null };
    }),
    assignUploadFailure: assign(({ event }) => {
      assertEvent(event, 'logo.failed');
      return { upload: null, uploadError: event.error };
    }),
    clearUpload: assign({ upload: null }),
  },
}).createMachine({
  id: 'themeEditor',
  context: ({ input }) => ({
    companyId: input.companyId,
    values: EMPTY,
    savedValues: EMPTY,
    logo: null,
    upload: null,
    uploadError: null,
    error: null,
    serverErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'settings.retried': { target: 'loading', actions: 'clearFailure' } },
    },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              initial: 'editing',
              on: {
                'colour.changed': { target: '.editing', actions: 'changeColour' },
                'link.changed': { target: '.editing', actions: 'changeLink' },
                'link.added': { target: '.editing', actions: 'addLink' },
                'link.removed': { target: '.editing', actions: 'removeLink' },
                'theme.reset': { target: '.editing', actions: 'resetColours' },
                'settings.submitted': [{ guard: 'themeIsSavable', target: 'saving' }, { target: '.refused' }],
              },
              states: {
                editing: {},
                /** The theme was not sent: a colour is unreadable or a link invalid. */
                refused: {},
                saved: {},
                saveFailed: {},
              },
            },
            saving: {
              tags: ['saving'],
              entry: 'startSaving',
              invoke: {
                id: 'saveSettings',
                src: 'saveSettings',
                input: ({ context }) => ({ companyId: context.companyId, values: context.values }),
                onDone: {
                  target: 'idle.saved',
                  actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, 'emitBrand'],
                },
                onError: {
                  target: 'idle.saveFailed',
                  actions: { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        logo: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'logo.selected': { guard: 'hasFile', target: 'uploading' } },
            },
            uploading: {
              tags: ['uploading'],
              entry: 'startUpload',
              invoke: {
                id: 'uploadLogo',
                src: 'uploadLogo',
                input: ({ context, event }) => {
                  assertEvent(event, 'logo.selected');
                  return { companyId: context.companyId, file: event.file! };
                },
              },
              on: {
                'logo.progressed': { actions: 'assignProgress' },
                'logo.succeeded': { target: 'idle', actions: ['assignLogo', 'emitBrand'] },
                'logo.failed': { target: 'failed', actions: 'assignUploadFailure' },
                'logo.cancelled': { target: 'idle', actions: 'clearUpload' },
              },
            },
            failed: {
              on: { 'logo.selected': { guard: 'hasFile', target: 'uploading' } },
            },
          },
        },
      },
    },
  },
});

function failure<Code extends 'theme.loadFailed' | 'theme.saveFailed'>(code: Code, error: unknown): Failure<Code> {
  const status = statusOf(error);
  const message = messageOf(error);
  return { code, ...(status !== undefined ? { status } : {}), ...(message ? { message } : {}) };
}

function without(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}
