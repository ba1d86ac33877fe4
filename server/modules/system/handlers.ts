import type { HandlerInput, HandlerTable } from '../../platform/handlers.js';
import { HttpError } from '../../platform/errors.js';
import { readinessProblem } from './readiness.js';

/** How long the readiness check waits for the database's answer before calling it down. */
const HEALTH_TIMEOUT_MS = 2000;

/**
 * The readiness check (`getHealthReady`, and `getHealth` under its older address): 200
 * `{status: 'ok', database: 'up'}` while the database answers within {@link HEALTH_TIMEOUT_MS} and
 * has every migration of this build; 503 with `Retry-After` and the reason as its message otherwise
 * (readiness.ts), so a load balancer takes this server out meanwhile (docs/deploy.md "Metrics and health").
 */
async function ready({ app }: Pick<HandlerInput<'getHealthReady'>, 'app'>) {
  const problem = await readinessProblem(app.db, HEALTH_TIMEOUT_MS, (err) =>
    app.log.warn({ err }, 'readiness check: the database did not answer'),
  );
  if (problem) throw new HttpError(503, problem, undefined, 2);
  return { data: { status: 'ok' as const, database: 'up' as const } };
}

/**
 * Handlers of the System operations (openapi/halaqa.yaml tag System): `getHealthLive` answers 200
 * whenever the process answers, reading nothing; `getHealthReady` and `getHealth` are {@link ready}.
 */
export const systemHandlers = {
  getHealthLive: async () => ({ data: { status: 'ok' as const } }),
  getHealthReady: ready,
  getHealth: ready,
} satisfies HandlerTable;
