import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BulkInviteRow } from '@machines/bulk-invitation.machine';
import { csvText } from '../../../openapi/csv';

/** product.md#messages toasts of the invitations. */
export const inviteToasts = {
  invited: msg`User Invited !`,
  inviteFailed: msg`Could not invite the user`,
  withdrawn: msg`user invite deleted !`,
  withdrawFailed: msg`Could not delete invite to the user!`,
  listFailed: msg`Could not get the invited users !`,
  resent: msg`Invitation sent again`,
  resendFailed: msg`Could not send the invitation again`,
} satisfies Record<string, MessageDescriptor>;

/** What happened to each row of a bulk file, as the report table says it. */
export const outcomeLabels: Record<BulkInviteRow['outcome'], MessageDescriptor> = {
  INVITED: msg`Invited`,
  ALREADY_MEMBER: msg`Already a member`,
  ALREADY_INVITED: msg`Already invited`,
  INVALID_EMAIL: msg`Invalid e-mail`,
  UNKNOWN_ROLE: msg`Unknown role`,
  DUPLICATE_IN_FILE: msg`Duplicate in the file`,
};

/**
 * product.md#messages's 400 rule ('Could not invite the user'): after a 400 with a message the toast is
 * `<text>: <server message>`. A 409 (already a member / already invited) says why too.
 */
export function inviteFailureText(
  text: string,
  error: { status?: number; message?: string } | null | undefined,
): string {
  return (error?.status === 400 || error?.status === 409) && error.message ? `${text}: ${error.message}` : text;
}

/**
 * The report of a bulk invitation as CSV (`openapi/csv.ts`: RFC 4180, CRLF lines, a UTF-8 BOM so
 * spreadsheet programs read Arabic correctly, formulas neutralised): columns row, email, role,
 * outcome, message.
 * `label` words the outcome in the screen's language.
 */
export function reportCsv(rows: readonly BulkInviteRow[], label: (row: BulkInviteRow) => string): string {
  return csvText([
    ['row', 'email', 'role', 'outcome', 'message'],
    ...rows.map((r) => [r.row, r.email, r.role, r.outcome, label(r)]),
  ]);
}
