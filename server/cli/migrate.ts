import { parseArgs } from 'node:util';
import { migrateToLatest, migrationStatus } from '../db/migrate.js';
import type { CliIo } from './io.js';
import { openServerDatabase } from './server-database.js';

/**
 * `halaqa migrate [--status]`: server/db/migrate.ts on the server's database.
 * @throws CliError 2 for unknown options; 1 for a held or missing embedded database (--status);
 *   the failing migration's error (its transaction rolled back).
 */
export async function migrate(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { status: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  });
  const { handle, close } = await openServerDatabase(io, { create: !values.status });
  try {
    if (values.status) {
      const states = await migrationStatus(handle.db, handle.schema);
      io.out(`Migrations of ${handle.describe}:`);
      for (const m of states)
        io.out(`  ${(m.appliedAt ? `applied ${m.appliedAt.toISOString()}` : 'pending').padEnd(32)}  ${m.name}`);
      const pending = states.filter((m) => !m.appliedAt).length;
      io.out(
        `${states.length - pending} applied, ${pending} pending${pending ? ' (`halaqa migrate` applies them)' : ''}.`,
      );
      return;
    }
    const applied = await migrateToLatest(handle.db, handle.schema);
    io.out(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${handle.describe}: ${applied.join(', ')}.`
        : `Nothing to apply: ${handle.describe} is up to date.`,
    );
  } finally {
    await close();
  }
}
