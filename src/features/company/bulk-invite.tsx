import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { spreadRow } from '@/components/ui/layout-styles';
import { FormAlert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/components/ui/format';
import { ResetIcon } from '@/components/ui/icons';
import { DataTable, dataCell, dataRow } from '@/components/ui/data-table';
import { type Role, roleLabels } from '@/lib/auth/roles';
import { saveCsv } from '@/lib/save-file';
import { toaster } from '@/components/ui/toast';
import { sendMultipart, type XhrCredentials } from '@/lib/api/upload';
import { isLocale, type Locale } from '@/lib/i18n';
import { type BulkUploadSender, createBulkInvitationActors } from '@machines/bulk-invitation.actors';
import { type BulkFile, type BulkInviteRow, bulkInvitationMachine } from '@machines/bulk-invitation.machine';
import { hasFailed, isProcessing, isSending, reportOf, uploadPercent } from '@machines/bulk-invitation.selectors';
import { outcomeLabels, reportCsv } from './company-messages';
import { EmailAddress } from '@/components/ui/email-address';

const outcomeTone: Record<BulkInviteRow['outcome'], BadgeTone> = {
  INVITED: 'green',
  ALREADY_MEMBER: 'gray',
  ALREADY_INVITED: 'yellow',
  INVALID_EMAIL: 'red',
  UNKNOWN_ROLE: 'red',
  DUPLICATE_IN_FILE: 'yellow',
};

/**
 * `POST /users/bulk/invite` multipart {file, companyId?} over XHR (upload progress), with the
 * client's credentials; `companyId` is the company an admin chose (a partner sends none).
 */
function bulkSender(credentials: XhrCredentials, companyId?: number, baseUrl = '/api'): BulkUploadSender {
  return (file, { onProgress, signal }) =>
    sendMultipart({
      url: `${baseUrl}/users/bulk/invite`,
      size: file.size,
      form: () => {
        const form = new FormData();
        if (companyId) form.append('companyId', String(companyId));
        form.append('file', file as File, file.name);
        return form;
      },
      ...credentials,
      signal,
      onProgress: ({ loaded, total }) => onProgress(loaded, total),
    });
}

/**
 * Invite many people from a CSV or XLSX file: choose a file → progress bar while
 * it is sent, then while the server reads it and mails → a table of every row and what happened
 * to it, downloadable as CSV. A refused file shows the server's message with Retry (product.md#messages).
 */
export function BulkInvite({
  credentials,
  companyId,
  onInvited,
}: {
  credentials: XhrCredentials;
  /** The company an admin chose; undefined for a partner (their own). */
  companyId?: number;
  onInvited: () => void;
}) {
  const { t, i18n } = useLingui();
  // The role read in the file, named in the interface language when it is one (else as written).
  const roleText = (role: string | null) => {
    const key = role?.trim().toUpperCase() ?? '';
    return Object.hasOwn(roleLabels, key) ? i18n._(roleLabels[key as Role]) : (role ?? '—');
  };
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const machine = useMemo(
    () => bulkInvitationMachine.provide({ actors: createBulkInvitationActors(bulkSender(credentials, companyId)) }),
    [credentials, companyId],
  );
  const [snapshot, send] = useMachine(machine);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const busy = isSending(snapshot);
  const percent = uploadPercent(snapshot);
  const report = reportOf(snapshot);
  const announced = useRef<unknown>(null);

  useEffect(() => {
    if (report && announced.current !== report) {
      announced.current = report;
      const count = formatCount(report.invitedCount, locale);
      toaster.create({ title: t`Invitations sent: ${count}`, type: report.invitedCount > 0 ? 'success' : 'info' });
      onInvited();
    }
  }, [report, locale, t, onInvited]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    send({ type: 'file.chosen', file: file as BulkFile });
    if (inputRef.current) inputRef.current.value = '';
  };

  const download = () => {
    if (!report) return;
    const csv = reportCsv(report.rows, (r) => i18n._(outcomeLabels[r.outcome]));
    saveCsv(csv, 'invitation-report.csv');
  };

  const fileName = snapshot.context.file?.name ?? '';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        <Trans>
          A CSV or XLSX file with a header row naming the columns <code dir="ltr">email</code> and{' '}
          <code dir="ltr">role</code> (LEARNER or EDUCATOR), up to 1,000 rows. CSV files are UTF-8, separated by commas
          or semicolons.
        </Trans>
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className={css({ srOnly: true })}
          tabIndex={-1}
          aria-label={t`Choose a file`}
          disabled={busy}
          onChange={(e) => choose(e.currentTarget.files?.[0])}
          data-testid="bulk-file"
        />
        <Button variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
          <Trans>Choose a file</Trans>
        </Button>
        {busy ? (
          <Button variant="ghost" onClick={() => send({ type: 'upload.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
        {fileName ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })} dir="auto">
            {fileName}
          </span>
        ) : null}
      </div>

      {percent !== null ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <div
            role="progressbar"
            aria-label={
              isProcessing(snapshot) ? t`Reading the file and sending the invitations` : t`Uploading the file`
            }
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className={css({ height: '2', borderRadius: 'full', bg: 'bg.subtle', overflow: 'hidden' })}
          >
            <div
              className={css({ height: 'full', bg: 'primary.strong', transition: 'width 0.2s' })}
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })} aria-live="polite">
            {isProcessing(snapshot) ? (
              <Trans>Reading the file and sending the invitations…</Trans>
            ) : (
              <Trans>Uploading… {percent}%</Trans>
            )}
          </span>
        </div>
      ) : null}

      {hasFailed(snapshot) ? (
        <FormAlert>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
            <span>
              {snapshot.context.error?.message ? (
                <Trans>The file was not accepted: {snapshot.context.error.message}</Trans>
              ) : (
                <Trans>The file could not be sent. Check your connection and try again.</Trans>
              )}
            </span>
            <Button
              size="sm"
              variant="outline"
              startIcon={<ResetIcon size={16} />}
              onClick={() => send({ type: 'bulk.retry' })}
            >
              <Trans>Retry</Trans>
            </Button>
          </div>
        </FormAlert>
      ) : null}

      {report ? (
        <section
          aria-labelledby={`${inputId}-report`}
          className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        >
          <div className={cx(spreadRow, css({ gap: '3' }))}>
            <h3 id={`${inputId}-report`} className={css({ fontWeight: 'semibold' })}>
              <Trans>
                Report: {formatCount(report.invitedCount, locale)} invited of {formatCount(report.rows.length, locale)}{' '}
                rows
              </Trans>
            </h3>
            <div className={css({ display: 'flex', gap: '2' })}>
              <Button size="sm" variant="outline" onClick={download}>
                <Trans>Download the report (CSV)</Trans>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => send({ type: 'bulk.reset' })}>
                <Trans>Close the report</Trans>
              </Button>
            </div>
          </div>
          <DataTable
            labelledBy={`${inputId}-report`}
            testId="bulk-report"
            columns={[t`Row`, t`Result`, t`E-mail`, t`Role`]}
          >
            {report.rows.map((r) => (
              <tr key={r.row} className={dataRow}>
                <td className={cx(dataCell, css({ fontVariantNumeric: 'tabular-nums' }))}>
                  {formatCount(r.row, locale)}
                </td>
                <td className={cx(dataCell, css({ whiteSpace: 'nowrap' }))}>
                  <Badge tone={outcomeTone[r.outcome]}>{i18n._(outcomeLabels[r.outcome])}</Badge>
                </td>
                <td className={dataCell}>{r.email ? <EmailAddress email={r.email} /> : '—'}</td>
                <td className={cx(dataCell, css({ whiteSpace: 'nowrap' }))}>{roleText(r.role)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
    </div>
  );
}
