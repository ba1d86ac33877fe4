import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mailUnmailed, type UnmailedCount } from '../jobs/index.js';
import { Mailer } from '../platform/mailer.js';
import { CliError, type CliIo, commandLogger, usageError } from './io.js';
import { openServerDatabase } from './server-database.js';

/**
 * `halaqa outbox --resend-failed`: the periodic jobs' mailing of what is left unmailed
 * (server/jobs/index.ts `mailUnmailed`), in passes until a pass finds nothing or one of its mails
 * fails again (a mail server still refusing: the next pass would only retry the same ones). A mail
 * found but not sent without a failure was sent meanwhile by another instance.
 * @throws CliError 2 without --resend-failed; 1 when a mail failed again (each failure is printed),
 *   or the embedded database is held by a server or has pending migrations.
 */
export async function outbox(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'resend-failed': { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  });
  if (!values['resend-failed']) throw usageError('outbox needs --resend-failed');
  const { config, handle, close } = await openServerDatabase(io, { migrated: true });
  const total = { receipts: { found: 0, mailed: 0 }, invitations: { found: 0, mailed: 0 } };
  // A mail that fails is logged by its service (and given back): those lines are the failures.
  let failures = 0;
  const log = commandLogger({ ...io, err: (line) => (failures++, io.err(line)) });
  let busy = false;
  try {
    const mail = {
      db: handle.db,
      mailer: new Mailer(handle.db, join(config.dataDir, 'outbox'), config.smtpUrl),
      config,
      log,
    };
    for (let passes = 0; passes < MAX_PASSES; passes++) {
      const failedBefore = failures;
      const pass = await mailUnmailed(handle.db, mail);
      busy ||= !pass.receipts || !pass.invitations;
      add(total.receipts, pass.receipts);
      add(total.invitations, pass.invitations);
      if (!pass.receipts?.found && !pass.invitations?.found) break;
      if (failures > failedBefore) break;
    }
  } finally {
    await close();
  }
  const line = (what: string, c: UnmailedCount) => `${what}: ${c.found} unsent, ${c.mailed} sent now`;
  io.out(
    `${line('Payment receipts', total.receipts)}. ${line('Invitations', total.invitations)}. (${config.smtpUrl ? 'Through SMTP_URL' : `As .eml files in ${join(config.dataDir, 'outbox')}`}.)`,
  );
  if (busy) io.out('Another instance was mailing some of them at the same time: they are its to send.');
  if (failures > 0)
    throw new CliError(
      `${failures} mail(s) failed again (above); they stay unsent: the periodic jobs retry every minute, or run this again.`,
    );
}

/** Passes of {@link outbox} at most (a pass mails up to 100 receipts and 500 invitations). */
const MAX_PASSES = 1000;

/** Adds one pass's count to a total (a pass that skipped a kind adds nothing). */
function add(total: UnmailedCount, pass: UnmailedCount | null): void {
  if (!pass) return;
  total.found += pass.found;
  total.mailed += pass.mailed;
}
