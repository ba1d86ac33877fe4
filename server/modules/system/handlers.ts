import { databaseAnswers } from '../../db/database.js';
import type { HandlerTable } from '../../platform/handlers.js';
import { HttpError } from '../../platform/errors.js';

/** How long the health check waits for the database's answer before calling it down. */
const HEALTH_TIMEOUT_MS = 2000;

/**
 * Handlers of the System operations (openapi/halaqa.yaml tag System). `getHealth`: 200
 * `{status: 'ok', database: 'up'}` while the database answers `select 1` within
 * {@link HEALTH_TIMEOUT_MS}; 503 with `Retry-After` otherwise, so a load balancer's health check
 * takes this server out while its database is unreachable (docs/deploy.md).
 */
export const systemHandlers = {
  getHealth: async ({ app }) => {
    if (!(await databaseAnswers(app.db, HEALTH_TIMEOUT_MS))) {
      throw new HttpError(503, 'The database is unavailable; please try again in a moment', undefined, 2);
    }
    return { data: { status: 'ok', database: 'up' } };
  },
} satisfies HandlerTable;
