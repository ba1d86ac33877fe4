import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { css } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { PageContainer } from '@/components/ui/page';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import type { components } from '@contract/schema';
import { createCertificateIssuingActors } from '@machines/certificate-issuing.actors';
import {
  type CertificateDecision,
  type CertificateReview,
  certificateIssuingMachine,
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
import { SessionPageHeader } from './session-tabs';
import { useLocale } from './submission-grading';

type SessionInfo = components['schemas']['SessionInfo'];

/** A percent field of the rule: a whole number 0–100. */
const percent = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}$/), v.transform(Number), v.maxValue(100));

/** The educator's choices: issue or not per learner (default: the rule), with a reason when it goes against the rule. */
type Choices = Record<number, { issue: boolean; reason: string }>;

/** The choices that differ from the rule or from an earlier exception, for the issue call. */
export function decisionsOf(review: CertificateReview, choices: Choices): CertificateDecision[] {
  return review.learners.flatMap((l) => {
    const c = choices[l.learner.id];
    if (!c || l.certificate) return [];
    return [{ learnerId: l.learner.id, issue: c.issue, ...(c.reason.trim() ? { reason: c.reason.trim() } : {}) }];
  });
}

/** Whether a learner would get a certificate: the educator's choice, else the earlier exception, else the rule. */
function issueOf(l: CertificateReview['learners'][number], choices: Choices): boolean {
  const c = choices[l.learner.id];
  if (c) return c.issue;
  return l.decision === 'ADD' || (l.eligible && l.decision !== 'WITHHOLD');
}

/**
 * A session's certificates (/dashboard/sessions/$sessionId/certificates, its educator and admins;
 * docs/product.md "Certificates") through the issuing machine: the completion rule (minimum
 * attendance and graded work, editable), each learner with attendance, grade, whether they meet the
 * rule and a "Certificate" checkbox (a choice against the rule asks for a reason), and "Issue
 * certificates" (confirmed) once the session has ended. Loading, empty and failed states.
 */
export function SessionCertificatesPage({ session, api }: { session: SessionInfo; api: Api }) {
  const { t } = useLingui();
  const locale = useLocale();
  const title = session.course.title;
  usePageTitle(t`Certificates of ${title}`);
  const machine = useMemo(
    () => certificateIssuingMachine.provide({ actors: createCertificateIssuingActors(api) }),
    [api],
  );
  const [snapshot, send] = useMachine(machine, { input: { sessionId: session.id } });
  const review = reviewOf(snapshot);
  const failure = issuingFailure(snapshot);
  const notice = issuingNotice(snapshot);
  const [choices, setChoices] = useState<Choices>({});
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [rule, setRule] = useState<{ minAttendance: string; minGrade: string } | null>(null);
  const [ruleError, setRuleError] = useState<string | null>(null);

  const header = <SessionPageHeader session={session} eyebrow={<Trans>Certificates</Trans>} current="certificates" />;

  if (!review && loadFailed(snapshot)) {
    return (
      <PageContainer>
        {header}
        <EmptyState
          title={<Trans>Could not get the certificates</Trans>}
          description={failure?.message ?? t`System error please try later !`}
          action={<Button onClick={() => send({ type: 'retry' })}>{t`Try again`}</Button>}
        />
      </PageContainer>
    );
  }
  if (!review) {
    return (
      <PageContainer>
        {header}
        <Card className={css({ padding: '6', display: 'flex', flexDirection: 'column', gap: '3' })} aria-busy>
          <Spinner label={t`Loading the certificates…`} />
          <Skeleton height="2.5rem" />
        </Card>
      </PageContainer>
    );
  }

  const ruleValues = rule ?? {
    minAttendance: String(review.rule.minAttendance),
    minGrade: String(review.rule.minGrade),
  };
  const saveRule = () => {
    const a = v.safeParse(percent, ruleValues.minAttendance);
    const g = v.safeParse(percent, ruleValues.minGrade);
    if (!a.success || !g.success) {
      setRuleError(t`Enter whole percentages from 0 to 100`);
      return;
    }
    setRuleError(null);
    setRule(null);
    send({ type: 'rule.saved', rule: { minAttendance: a.output, minGrade: g.output } });
  };
  const toIssue = review.learners.filter((l) => !l.certificate && issueOf(l, choices));
  const startIssue = () => {
    const lacking = new Set(
      review.learners
        .filter((l) => {
          const c = choices[l.learner.id];
          return c && !l.certificate && c.issue !== l.eligible && !c.reason.trim();
        })
        .map((l) => l.learner.id),
    );
    setMissing(lacking);
    if (lacking.size === 0) setConfirming(true);
  };

  return (
    <PageContainer>
      {header}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <Card as="section" aria-labelledby="certificate-rule-title" className={css({ padding: '5' })}>
          <h2
            id="certificate-rule-title"
            className={css({ fontSize: 'lg', fontWeight: 'semibold', marginBlockEnd: '3' })}
          >
            <Trans>Completion rule</Trans>
          </h2>
          <form
            className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end' })}
            onSubmit={(e) => {
              e.preventDefault();
              saveRule();
            }}
          >
            <TextField
              label={t`Minimum attendance (%)`}
              inputMode="numeric"
              value={ruleValues.minAttendance}
              onChange={(e) => setRule({ ...ruleValues, minAttendance: e.target.value })}
            />
            <TextField
              label={t`Minimum graded work (%)`}
              inputMode="numeric"
              value={ruleValues.minGrade}
              onChange={(e) => setRule({ ...ruleValues, minGrade: e.target.value })}
            />
            <Button
              type="submit"
              variant="outline"
              loading={snapshot.matches('savingRule')}
              disabled={isIssuingBusy(snapshot)}
            >
              <Trans>Save rule</Trans>
            </Button>
          </form>
          {ruleError ? (
            <p role="alert" className={css({ color: 'error.strong', marginBlockStart: '2' })}>
              {ruleError}
            </p>
          ) : null}
        </Card>

        <Card as="section" aria-labelledby="certificate-learners-title" className={css({ padding: '5' })}>
          <h2 id="certificate-learners-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            <Trans>Learners</Trans>
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', marginBlock: '2' })}>
            {review.ended ? (
              <Trans>The session has ended: review the list, then issue the certificates.</Trans>
            ) : (
              <Trans>
                Certificates can be issued once the session ends on {formatLongDate(review.endDate, locale)}.
              </Trans>
            )}
          </p>
          {notice === 'issued' ? (
            <p role="status" className={css({ color: 'success.strong' })}>
              <Trans>Certificates issued; each learner was mailed.</Trans>
            </p>
          ) : null}
          {notice === 'ruleSaved' ? (
            <p role="status" className={css({ color: 'success.strong' })}>
              <Trans>Rule saved.</Trans>
            </p>
          ) : null}
          {failure && failure.code !== 'load.failed' ? (
            <p role="alert" className={css({ color: 'error.strong' })}>
              {failure.message ?? t`System error please try later !`}
            </p>
          ) : null}
          {review.learners.length === 0 ? (
            <EmptyState title={<Trans>No learners in this session</Trans>} />
          ) : (
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3', marginBlockStart: '3' })}>
              {review.learners.map((l) => {
                const issue = issueOf(l, choices);
                const choice = choices[l.learner.id];
                const against = !l.certificate && issue !== l.eligible;
                const reasonValue = choice?.reason ?? (l.decision ? (l.reason ?? '') : '');
                return (
                  <li
                    key={l.learner.id}
                    className={css({
                      borderWidth: '1px',
                      borderColor: 'border.default',
                      borderRadius: 'md',
                      padding: '3',
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '2',
                    })}
                  >
                    <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
                      <strong>{l.learner.name}</strong>
                      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                        <Trans>
                          Attendance {l.attendance}% · Graded work {l.grade}%
                        </Trans>
                      </span>
                      {l.eligible ? (
                        <Badge tone="green">
                          <Trans>Meets the rule</Trans>
                        </Badge>
                      ) : (
                        <Badge tone="yellow">
                          <Trans>Below the rule</Trans>
                        </Badge>
                      )}
                      {l.certificate ? (
                        <Link
                          to="/certificates/$certificateId"
                          params={{ certificateId: l.certificate.id }}
                          className={css({ color: 'primary.strong', textDecoration: 'underline' })}
                        >
                          {l.certificate.revokedAt ? (
                            <Trans>Certificate revoked</Trans>
                          ) : (
                            <Trans>Certificate issued</Trans>
                          )}
                        </Link>
                      ) : (
                        <label className={css({ display: 'inline-flex', gap: '2', alignItems: 'center' })}>
                          <input
                            type="checkbox"
                            checked={issue}
                            disabled={!review.ended || isIssuingBusy(snapshot)}
                            onChange={(e) =>
                              setChoices({
                                ...choices,
                                [l.learner.id]: { issue: e.target.checked, reason: reasonValue },
                              })
                            }
                          />
                          <Trans>Certificate</Trans>
                        </label>
                      )}
                    </div>
                    {against ? (
                      <TextField
                        label={issue ? t`Why add this learner?` : t`Why withhold this certificate?`}
                        required
                        value={reasonValue}
                        maxLength={500}
                        error={missing.has(l.learner.id) ? t`A reason is required` : undefined}
                        onChange={(e) => setChoices({ ...choices, [l.learner.id]: { issue, reason: e.target.value } })}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <div className={css({ marginBlockStart: '4' })}>
            <Button
              disabled={!canIssue(snapshot) || toIssue.length === 0}
              loading={isIssuing(snapshot)}
              onClick={startIssue}
            >
              <Trans>Issue certificates</Trans>
            </Button>
          </div>
        </Card>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        busy={isIssuing(snapshot)}
        title={<Trans>Issue {toIssue.length} certificates?</Trans>}
        description={<Trans>Each learner is mailed their certificate. Only an admin can revoke one afterwards.</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Issue</Trans>}
        onConfirm={() => {
          send({ type: 'issue.requested', decisions: decisionsOf(review, choices) });
          setChoices({});
          setConfirming(false);
        }}
      />
    </PageContainer>
  );
}
