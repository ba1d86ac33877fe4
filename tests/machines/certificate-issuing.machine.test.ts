import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import {
  type CertificateReview,
  certificateIssuingMachine,
  type IssuingContext,
} from '@machines/certificate-issuing.machine';
import {
  canIssue,
  isIssuing,
  isIssuingBusy,
  issuingFailure,
  issuingNotice,
  loadFailed,
  reviewOf,
} from '@machines/certificate-issuing.selectors';
import { describeModelBased } from './model';

const review = (ended: boolean): CertificateReview => ({
  sessionId: 41,
  courseTitle: 'Data Structures',
  endDate: '2031-06-01',
  ended,
  rule: { minAttendance: 75, minGrade: 60 },
  learners: [
    {
      learner: { id: 7, name: 'Omar Haddad' },
      attendance: 100,
      grade: 90,
      eligible: true,
      decision: null,
      reason: null,
      certificate: null,
    },
  ],
});
const decisions = [{ learnerId: 7, issue: false, reason: 'Copied the essay' }];

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: review(true) },
  { type: 'xstate.done.actor.load', output: review(false) },
  { type: 'xstate.error.actor.load', error: new TypeError('fetch failed') },
  { type: 'retry' },
  { type: 'rule.saved', rule: { minAttendance: 80, minGrade: 50 } },
  { type: 'xstate.done.actor.saveRule', output: review(true) },
  { type: 'xstate.error.actor.saveRule', error: { status: 400, serverMessage: 'Bad rule' } },
  { type: 'issue.requested', decisions },
  { type: 'xstate.done.actor.issue', output: review(true) },
  { type: 'xstate.error.actor.issue', error: { status: 422, serverMessage: 'Some choices are invalid' } },
];

describeModelBased(certificateIssuingMachine, {
  name: 'certificate-issuing.machine',
  events,
  input: { sessionId: 41 },
  actors: ['load', 'saveRule', 'issue'],
  check: ({ snapshot: s, starts }) => {
    const c = s.context as IssuingContext;
    expect(isIssuingBusy(s)).toBe(s.matches('loading') || s.matches('savingRule') || s.matches('issuing'));
    expect(isIssuing(s)).toBe(s.matches('issuing'));
    expect(loadFailed(s)).toBe(s.matches('failed'));
    // Issuing is offered only for a loaded review of a session that has ended, nothing running.
    expect(canIssue(s)).toBe(s.matches('ready') && reviewOf(s)?.ended === true);
    // An issue call is only ever made for an ended session, with the educator's decisions.
    if (s.matches('issuing')) {
      expect(reviewOf(s)?.ended).toBe(true);
      expect(starts.at(-1)).toEqual(['issue', { sessionId: 41, decisions }]);
    }
    if (s.matches('savingRule'))
      expect(starts.at(-1)).toEqual(['saveRule', { sessionId: 41, rule: { minAttendance: 80, minGrade: 50 } }]);
    if (s.matches('loading')) expect(starts.at(-1)).toEqual(['load', { sessionId: 41 }]);
    // A notice and a failure never show together.
    expect(issuingNotice(s) !== null && issuingFailure(s) !== null).toBe(false);
    expect(c.sessionId).toBe(41);
  },
});
