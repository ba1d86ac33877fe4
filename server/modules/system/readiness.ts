import type { Kysely } from 'kysely';
import { pendingMigrations } from '../../db/migrate.js';
import type { Database } from '../../db/types.js';

/** The answer of a check that found the database unreachable (or silent past the time allowed). */
export const DATABASE_DOWN = 'The database is unavailable; please try again in a moment';

/**
 * Why this server is not ready for traffic, or null when it is: the database answers within
 * `timeoutMs` and has every migration of this build (server/db/migrate.ts `pendingMigrations`).
 * Never throws: a refused or lost connection, an error or no answer in time is {@link DATABASE_DOWN},
 * the error (if any) handed to `onError`; missing migrations are named.
 */
export async function readinessProblem(
  db: Kysely<Database>,
  timeoutMs: number,
  onError: (err: unknown) => void,
): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  try {
    const outcome = await Promise.race([
      pendingMigrations(db).then(
        (missing) => ({ missing }),
        (err: unknown) => {
          onError(err);
          return 'failed' as const;
        },
      ),
      late,
    ]);
    if (outcome === 'late' || outcome === 'failed') return DATABASE_DOWN;
    return outcome.missing.length ? `The database lacks migrations of this build: ${outcome.missing.join(', ')}` : null;
  } finally {
    clearTimeout(timer);
  }
}
