import type { AppContext } from '../../platform/context.js';
import type { Schema } from '../../platform/handlers.js';
import { isValidEmail } from '../../platform/email.js';
import { type TenantScope } from '../../platform/tenancy.js';
import {
  INVITE_ROLES,
  type InviteRole,
  type NewInvite,
  enqueueMails,
  inviterOf,
  targetCompany,
  toInvitationView,
  writeInvitations,
} from './invitations.js';

/**
 * A partner's bulk invitation from a file of rows (users/invitation-file.ts reads the file).
 */

/** One data row read from a bulk file (1-based `row`, header = 1). */
export interface BulkFileRow {
  row: number;
  email: string;
  role: string;
}

/** The contract's BulkInviteRow and BulkInviteResult. */
export type BulkInviteRowView = Schema<'BulkInviteRow'>;
export type BulkInviteResult = Schema<'BulkInviteResult'>;

const OUTCOME_MESSAGE: Record<BulkInviteRowView['outcome'], string> = {
  INVITED: 'Invited',
  ALREADY_MEMBER: 'Already a member of the company',
  ALREADY_INVITED: 'Already invited (the invitation is pending)',
  INVALID_EMAIL: 'Invalid e-mail',
  UNKNOWN_ROLE: 'Unknown role (LEARNER or EDUCATOR)',
  DUPLICATE_IN_FILE: 'Duplicate of an earlier row of the file',
};

/**
 * POST /users/bulk/invite: invites the rows of a parsed file (see ./invitation-file.ts) into the
 * caller's company in one transaction (every invitation or none); each is mailed after the answer
 * (`mailInvitation`, users/invitation-mails.ts). Row-level
 * refusals are reported, never errors.
 * @returns `invited` (Invitations), `skipped` and `report` (every row with its outcome, in file order)
 * @throws 400 a caller with no company.
 */
export async function inviteMany(app: AppContext, scope: TenantScope, rows: BulkFileRow[]): Promise<BulkInviteResult> {
  const companyId = targetCompany(scope);
  const report: BulkInviteRowView[] = [];
  const seen = new Set<string>();
  const candidates: { row: BulkFileRow; invite: NewInvite }[] = [];
  const outcome = (r: BulkFileRow, o: BulkInviteRowView['outcome']): BulkInviteRowView => ({
    row: r.row,
    email: r.email || null,
    role: r.role || null,
    outcome: o,
    message: OUTCOME_MESSAGE[o],
  });
  for (const r of rows) {
    const email = r.email.trim();
    const role = r.role.trim().toUpperCase();
    if (!isValidEmail(email)) report.push(outcome(r, 'INVALID_EMAIL'));
    else if (!(INVITE_ROLES as readonly string[]).includes(role)) report.push(outcome(r, 'UNKNOWN_ROLE'));
    else if (seen.has(email.toLowerCase())) report.push(outcome(r, 'DUPLICATE_IN_FILE'));
    else {
      seen.add(email.toLowerCase());
      candidates.push({ row: r, invite: { email, role: role as InviteRole } });
      report.push(outcome(r, 'INVITED'));
    }
  }
  const { written, members, pending } = await writeInvitations(
    app,
    companyId,
    scope.userId!,
    candidates.map((c) => c.invite),
    (m, p) =>
      candidates
        .filter((c) => !m.has(c.invite.email.toLowerCase()) && !p.has(c.invite.email.toLowerCase()))
        .map((c) => c.invite),
  );
  for (const c of candidates) {
    const i = report.findIndex((x) => x.row === c.row.row);
    if (members.has(c.invite.email.toLowerCase())) report[i] = outcome(c.row, 'ALREADY_MEMBER');
    else if (pending.has(c.invite.email.toLowerCase())) report[i] = outcome(c.row, 'ALREADY_INVITED');
  }
  enqueueMails(app, written);
  const by = await inviterOf(app.db, scope.userId!);
  const now = app.now();
  return {
    invited: written.map((w) => toInvitationView(w.row, by, now)),
    skipped: report.filter((r) => r.outcome !== 'INVITED'),
    report,
  };
}
