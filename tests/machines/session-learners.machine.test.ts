import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  MAIL_RESET_DELAY_MS,
  type SessionLearnersContext,
  type SessionLearnersEmitted,
  sessionLearnersMachine,
} from '@machines/session-learners.machine';
import {
  type SessionLearnersSnapshot,
  contentFailed,
  isContentDialogOpen,
  isMailOpen,
  isMailSent,
  isResettingContent,
  isSendingMail,
  mailFailed,
} from '@machines/session-learners.selectors';
import { describeModelBased } from './model';

const input = { sessionId: 41 };
const events: AnyEventObject[] = [
  { type: 'mail.opened', userIds: [21, 22, 21] },
  { type: 'mail.submitted', message: ' Meeting moves to 19:00 ', userIds: [21, 22] },
  { type: 'mail.submitted', message: '   ', userIds: [21] },
  { type: 'mail.submitted', message: 'Hello', userIds: [] },
  { type: 'xstate.done.actor.sendMail', output: { recipients: 2 } },
  { type: 'xstate.error.actor.sendMail', error: { status: 403, serverMessage: 'You may only mail your own learners' } },
  { type: 'xstate.done.actor.resetContent', output: { sessionId: 41, timezone: 'UTC', weeks: [] } },
  { type: 'xstate.error.actor.resetContent', error: { status: 500 } },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as SessionLearnersContext;
  expect(s.hasTag('sendingMail')).toBe(s.matches({ mail: 'sending' }));
  expect(s.hasTag('resettingContent')).toBe(s.matches({ content: 'resetting' }));
  // Selectors (machines/session-learners.selectors.ts): the dialogs are open outside their idle states.
  const snap = s as SessionLearnersSnapshot;
  expect(isMailOpen(snap)).toBe(!s.matches({ mail: 'closed' }));
  expect(isSendingMail(snap)).toBe(s.matches({ mail: 'sending' }));
  expect(isMailSent(snap)).toBe(s.matches({ mail: 'sent' }));
  expect(mailFailed(snap)).toBe(s.matches({ mail: 'failed' }));
  expect(isContentDialogOpen(snap)).toBe(['confirming', 'resetting', 'failed'].some((k) => s.matches({ content: k })));
  expect(isResettingContent(snap)).toBe(s.matches({ content: 'resetting' }));
  expect(contentFailed(snap)).toBe(s.matches({ content: 'failed' }));
  if (s.matches({ mail: 'closed' })) {
    expect(c.recipients).toEqual([]);
    expect(c.message).toBe('');
    expect(c.mailError).toBeNull();
  }
  if (s.matches({ mail: 'sending' })) {
    expect(c.message).toBe('Meeting moves to 19:00');
    expect(c.recipients.length).toBeGreaterThan(0);
  }
  if (s.matches({ mail: 'sent' })) expect(c.sentCount).toBe(2);
  if (s.matches({ mail: 'failed' }))
    expect(c.mailError).toEqual({ code: 'mail.failed', status: 403, message: 'You may only mail your own learners' });
  if (s.matches({ content: 'failed' })) expect(c.contentError?.code).toBe('content.failed');
  if (s.matches({ content: 'idle' })) expect(c.contentError).toBeNull();
  expect(new Set(c.recipients).size).toBe(c.recipients.length);
}

describeModelBased(sessionLearnersMachine, {
  name: 'session-learners.machine',
  input,
  events,
  actors: ['sendMail', 'resetContent'],
  check: ({ snapshot, event, started }) => {
    checkState(snapshot);
    for (const [name, got] of started) {
      if (name === 'sendMail') expect(got).toEqual({ message: 'Meeting moves to 19:00', userIdsTo: [21, 22] });
      if (name === 'resetContent') expect(got).toEqual({ sessionId: 41 });
    }
    if (event.type.startsWith('xstate.after.')) expect(snapshot.matches({ mail: 'closed' })).toBe(true);
  },
});

describe('session-learners.machine (timing and emitted facts)', () => {
  it('resets the mail form 1 s after a success (product.md#states, #limits)', async () => {
    vi.useFakeTimers();
    try {
      const machine = sessionLearnersMachine.provide({
        actors: {
          sendMail: fromPromise(async () => ({ recipients: 2 })),
          resetContent: fromPromise<unknown, { sessionId: number }>(async () => null),
        },
      });
      const actor = createActor(machine, { input });
      const emitted: SessionLearnersEmitted[] = [];
      actor.on('*', (e) => emitted.push(e as SessionLearnersEmitted));
      actor.start();
      actor.send({ type: 'mail.opened', userIds: [21, 22] });
      actor.send({ type: 'mail.submitted', message: 'Hello', userIds: [21, 22] });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ mail: 'sent' })).toBe(true);
      expect(emitted).toEqual([{ type: 'mail.sent', recipients: 2 }]);
      await vi.advanceTimersByTimeAsync(MAIL_RESET_DELAY_MS - 1);
      expect(actor.getSnapshot().matches({ mail: 'sent' })).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches({ mail: 'closed' })).toBe(true);
      expect(actor.getSnapshot().context.message).toBe('');
      expect(MAIL_RESET_DELAY_MS).toBe(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed reset emits content.failed and can be retried', async () => {
    let calls = 0;
    const machine = sessionLearnersMachine.provide({
      actors: {
        sendMail: fromPromise(async () => ({ recipients: 0 })),
        resetContent: fromPromise<unknown, { sessionId: number }>(async () => {
          calls++;
          if (calls === 1) throw { status: 500 };
          return null;
        }),
      },
    });
    const actor = createActor(machine, { input });
    const emitted: SessionLearnersEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as SessionLearnersEmitted));
    actor.start();
    actor.send({ type: 'content.resetRequested' });
    actor.send({ type: 'content.confirmed' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ content: 'failed' })).toBe(true);
    actor.send({ type: 'content.confirmed' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ content: 'idle' })).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual(['content.failed', 'content.reset']);
  });
});
