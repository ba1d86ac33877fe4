import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromCallback, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createBulkInvitationActors, readBulkReport } from '@machines/bulk-invitation.actors';
import {
  type BulkFile,
  type BulkInvitationContext,
  type BulkInvitationEvent,
  type BulkInviteReport,
  bulkInvitationMachine,
} from '@machines/bulk-invitation.machine';
import { isProcessing, reportOf, uploadPercent } from '@machines/bulk-invitation.selectors';
import { describeModelBased } from './model';

const file = { name: 'people.csv', size: 1200 };
const other = { name: 'people.xlsx', size: 9000 };
const report: BulkInviteReport = {
  invitedCount: 1,
  rows: [
    { row: 2, email: 'laila@example.org', role: 'LEARNER', outcome: 'INVITED', message: 'Invited' },
    { row: 3, email: 'not-an-email', role: 'LEARNER', outcome: 'INVALID_EMAIL', message: 'Invalid e-mail' },
  ],
};

const events: AnyEventObject[] = [
  { type: 'file.chosen', file },
  { type: 'file.chosen', file: other },
  { type: 'upload.progress', loaded: 600, total: 1200 },
  { type: 'upload.sent' },
  { type: 'upload.done', report },
  { type: 'upload.failed', error: { status: 400, serverMessage: 'The file has more than 1,000 rows' } },
  { type: 'upload.cancel' },
  { type: 'bulk.retry' },
  { type: 'bulk.reset' },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as BulkInvitationContext;
  expect(s.hasTag('busy')).toBe(s.matches('sending'));
  if (s.matches('idle')) expect(c).toEqual({ file: null, progress: null, report: null, error: null });
  if (s.matches('sending')) {
    expect(c.file).not.toBeNull();
    expect(c.error).toBeNull();
    expect(c.progress!.total).toBeGreaterThan(0);
    // The progress bar: whole percent, 100 once the server is processing.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const percent = uploadPercent(s as any)!;
    expect(percent).toBeGreaterThanOrEqual(0);
    expect(percent).toBeLessThanOrEqual(100);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    if (isProcessing(s as any)) expect(percent).toBe(100);
  }
  if (s.matches('report')) {
    expect(c.report).toEqual(report);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect(reportOf(s as any)?.rows).toHaveLength(2);
  }
  if (s.matches('failed')) {
    expect(c.error).toEqual({ code: 'bulkInvite.failed', status: 400, message: 'The file has more than 1,000 rows' });
    expect(c.file).not.toBeNull();
  }
}

describeModelBased(bulkInvitationMachine, {
  name: 'bulk-invitation.machine',
  events,
  check: ({ snapshot }) => checkState(snapshot),
  setup: ({ provide }) => {
    const starts: unknown[] = [];
    const uploadFile = fromCallback<BulkInvitationEvent, { file: BulkFile }>(({ input }) => {
      starts.push(input);
    });
    return {
      machine: provide({ actors: { uploadFile } }),
      check: () => {
        for (const input of starts) expect([file, other]).toContainEqual((input as { file: unknown }).file);
      },
    };
  },
});

describe('bulk-invitation.actors', () => {
  const body = { data: { invited: [{ id: 1 }], skipped: [report.rows[1]], report: report.rows } };

  it('reports progress, then processing, then the report of a 201', async () => {
    let finish!: (answer: { status: number; body: unknown }) => void;
    let progress!: (loaded: number, total: number) => void;
    const actor = createActor(
      bulkInvitationMachine.provide({
        actors: createBulkInvitationActors((_file, options) => {
          progress = options.onProgress;
          return new Promise((resolve) => (finish = resolve));
        }),
      }),
    ).start();
    actor.send({ type: 'file.chosen', file });
    progress(300, 1200);
    expect(uploadPercent(actor.getSnapshot())).toBe(25);
    progress(1200, 1200);
    expect(isProcessing(actor.getSnapshot())).toBe(true);
    finish({ status: 201, body });
    const done = await waitFor(actor, (s) => s.matches('report'));
    expect(done.context.report).toEqual({ invitedCount: 1, rows: report.rows });
  });

  it("fails with the server's message on a 400, and with status 0 when nothing answers", async () => {
    const refused = createActor(
      bulkInvitationMachine.provide({
        actors: createBulkInvitationActors(async () => ({
          status: 400,
          body: { message: 'The XLSX file could not be read: bad zip' },
        })),
      }),
    ).start();
    refused.send({ type: 'file.chosen', file });
    const failed = await waitFor(refused, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({
      code: 'bulkInvite.failed',
      status: 400,
      message: 'The XLSX file could not be read: bad zip',
    });

    const offline = createActor(
      bulkInvitationMachine.provide({
        actors: createBulkInvitationActors(() => Promise.reject(new TypeError('network'))),
      }),
    ).start();
    offline.send({ type: 'file.chosen', file });
    expect((await waitFor(offline, (s) => s.matches('failed'))).context.error).toEqual({
      code: 'bulkInvite.failed',
      status: 0,
    });
  });

  it('aborts the request when cancelled', async () => {
    let signal!: AbortSignal;
    const actor = createActor(
      bulkInvitationMachine.provide({
        actors: createBulkInvitationActors((_f, o) => {
          signal = o.signal;
          return new Promise(() => {});
        }),
      }),
    ).start();
    actor.send({ type: 'file.chosen', file });
    actor.send({ type: 'upload.cancel' });
    expect(signal.aborted).toBe(true);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('reads only a complete report', () => {
    expect(readBulkReport(body)).toEqual({ invitedCount: 1, rows: report.rows });
    expect(readBulkReport({ data: { invited: [] } })).toBeNull();
    expect(readBulkReport(null)).toBeNull();
  });
});
