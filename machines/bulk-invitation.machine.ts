import { assign, fromCallback, setup } from 'xstate';
import { failureOf, type Failure } from './support/errors';
import type { Schema } from './support/contract';

/**
 * A partner invites many people from a CSV or XLSX file (product.md#calls `POST
 * /users/bulk/invite` multipart {file}). Pure: the upload is the `uploadFile` callback actor of
 * `bulk-invitation.actors.ts`, which reports `upload.progress` while the bytes go, `upload.sent`
 * once they are all sent (the server is then reading the file and mailing), and finally
 * `upload.done` with the per-row report or `upload.failed`.
 *
 *   idle ─file.chosen─▶ sending.uploading ─upload.sent─▶ sending.processing
 *                        (upload.progress)
 *   sending ─upload.done─▶ report      sending ─upload.failed─▶ failed      sending ─upload.cancel─▶ idle
 *   report ─file.chosen─▶ sending ; failed ─bulk.retry─▶ sending (same file) ; failed ─file.chosen─▶ sending
 *   report | failed ─bulk.reset─▶ idle
 *
 * A refused file (400 unreadable / too many rows, 413, 415) is `failed` with the server's message
 * (product.md#messages: "Server messages are shown for … bulk invite … failures"); row-level refusals are part
 * of the report, not failures.
 */

/** The file to send (a browser `File`; tests pass any object with a name and a size). */
export interface BulkFile {
  name: string;
  size: number;
}

/** One row of the report: its line in the file, the address and role read there, the outcome and its message. */
export type BulkInviteRow = Schema<'BulkInviteRow'>;

/** What the screen uses of the answer (the contract's BulkInviteResult). */
export interface BulkInviteReport {
  invitedCount: number;
  rows: BulkInviteRow[];
}

/** Bytes sent of the body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface BulkInvitationContext {
  file: BulkFile | null;
  progress: UploadProgress | null;
  report: BulkInviteReport | null;
  error: Failure<'bulkInvite.failed'> | null;
}

export type BulkInvitationEvent =
  | { type: 'file.chosen'; file: BulkFile }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.sent' }
  | { type: 'upload.done'; report: BulkInviteReport }
  | { type: 'upload.failed'; error: unknown }
  | { type: 'upload.cancel' }
  | { type: 'bulk.retry' }
  | { type: 'bulk.reset' };

/** The placeholder of `uploadFile`: reports a failure naming the factory to use. */
const uploadNotProvided = fromCallback<BulkInvitationEvent, { file: BulkFile }>(({ sendBack }) => {
  sendBack({
    type: 'upload.failed',
    error: new Error('bulk-invitation.machine: actor "uploadFile" was not provided (use createBulkInvitationActors)'),
  });
});

export const bulkInvitationMachine = setup({
  types: {
    context: {} as BulkInvitationContext,
    events: {} as BulkInvitationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /users/bulk/invite over XHR; sends upload.progress / upload.sent / upload.done / upload.failed. */
    uploadFile: uploadNotProvided,
  },
  actions: {
    assignFile: assign((_, params: { file: BulkFile }) => ({
      file: params.file,
      progress: { loaded: 0, total: params.file.size },
      report: null,
      error: null,
    })),
    restartProgress: assign(({ context }) => ({
      progress: { loaded: 0, total: context.file?.size ?? 0 },
      error: null,
    })),
    assignProgress: assign((_, params: UploadProgress) => ({
      progress: { loaded: params.loaded, total: params.total },
    })),
    assignReport: assign((_, params: { report: BulkInviteReport }) => ({ report: params.report, progress: null })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf('bulkInvite.failed', params.error),
      progress: null,
    })),
    clear: assign({ file: null, progress: null, report: null, error: null }),
  },
}).createMachine({
  id: 'bulkInvitation',
  initial: 'idle',
  context: { file: null, progress: null, report: null, error: null },
  states: {
    idle: {
      on: {
        'file.chosen': {
          target: 'sending',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: { id: 'uploadFile', src: 'uploadFile', input: ({ context }) => ({ file: context.file! }) },
      initial: 'uploading',
      states: {
        uploading: {
          on: {
            'upload.progress': {
              actions: {
                type: 'assignProgress',
                params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
              },
            },
            'upload.sent': { target: 'processing' },
          },
        },
        processing: {},
      },
      on: {
        'upload.done': {
          target: 'report',
          actions: { type: 'assignReport', params: ({ event }) => ({ report: event.report }) },
        },
        'upload.failed': {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
        'upload.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    report: {
      on: {
        'file.chosen': {
          target: 'sending',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
        'bulk.reset': { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      on: {
        'bulk.retry': { target: 'sending', actions: 'restartProgress' },
        'file.chosen': {
          target: 'sending',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
        'bulk.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
