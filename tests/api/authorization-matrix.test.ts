import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unimplementedOperations } from '../../server/app.js';
import { loadOperations, type OperationSpec } from '../../server/platform/openapi.js';
import { OWNER_RULES, type MatrixRequest, type Variant } from './authorization-rules.js';
import {
  CALLERS,
  MATRIX_NOW,
  ROLE_OF,
  buildWorld,
  installWriteLog,
  writesSince,
  type CallerKey,
  type World,
} from './authorization-world.js';
import { multipart, startTestApp, type TestApp } from './harness.js';

/**
 * The authorization matrix (issue "One house", item 4): every operation of openapi/halaqa.yaml ×
 * every caller (SUPER_ADMIN, ADMIN, EDUCATOR, LEARNER, PARTNER, USER, anonymous) × its targets (own,
 * another company's, another educator's, another learner's), generated from the contract at run
 * time. The expectation of a case:
 *
 * - the caller's role is not in `x-roles` (or the call needs sign-in and there is none): 401
 *   (anonymous) or 403, before anything else, also for operations not built yet (501);
 * - the role is allowed but the caller does not own the target (OWNER_RULES in
 *   authorization-rules.ts): 403, or 404 when the service hides that the resource exists;
 * - allowed and owner: 2xx, or a business 4xx (409, 422…), or 501 for an operation not built yet.
 *
 * It fails on any unexpected 2xx, any write committed by a refused call (a trigger on every table
 * logs each row written: authorization-world.ts `installWriteLog`), any 5xx, an operation without
 * an owner rule, or a stale rule; it lists "weak" cases (a refusal that is not 401/403/404, e.g.
 * a 400 where the request should have been refused for who sent it, or an owner's valid call
 * answered 400) and fails on those too, so that every refusal seen comes from authorization.
 */

type Expectation = 'role-refused' | 'owner-refused' | 'allowed';

interface Case {
  op: OperationSpec;
  variant: Variant;
  caller: CallerKey;
  expect: Expectation;
}

interface Outcome extends Case {
  status: number;
  /** An earlier owner call of this variant succeeded (a consumable target may be gone). */
  afterSuccess: boolean;
  writes: { tbl: string; op: string }[];
  body: string;
  /** Company B's secrets found in a 2xx answer to a caller other than an admin. */
  leaked: string[];
}

let t: TestApp;
let world: World;
let operations: OperationSpec[];
let notBuilt: Set<string>;

beforeAll(async () => {
  t = await startTestApp({ now: () => MATRIX_NOW });
  world = await buildWorld(t);
  await installWriteLog(t.db);
  operations = (await loadOperations()).operations;
  notBuilt = new Set((await unimplementedOperations()).map((o) => o.operationId));
}, 120_000);
afterAll(() => t?.close());

function expectationOf(op: OperationSpec, variant: Variant, caller: CallerKey): Expectation {
  const role = ROLE_OF[caller];
  if (role === null) {
    if (op.requiresAuth) return 'role-refused';
  } else if (op.roles && !op.roles.includes(role)) return 'role-refused';
  if (variant.allow === 'roles') return 'allowed';
  return variant.allow.includes(caller) ? 'allowed' : 'owner-refused';
}

/** Sends one case's request with the caller's token; URL and method come from the contract. */
async function send(op: OperationSpec, req: MatrixRequest, caller: CallerKey) {
  let url =
    '/api' +
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const v = req.params?.[name];
      if (v === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
      return encodeURIComponent(String(v));
    });
  if (req.query) url += '?' + new URLSearchParams(Object.entries(req.query).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (caller !== 'anon' && !headers.authorization) Object.assign(headers, t.auth(world.tokens[caller]));
  let payload: string | Buffer | object | undefined;
  if (req.multipart) {
    const form = multipart(req.multipart.fields, req.multipart.files ?? {});
    payload = form.payload;
    Object.assign(headers, form.headers);
  } else if (req.body !== undefined) {
    payload = req.body as object;
  }
  return t.app.inject({ method: op.method.toUpperCase() as 'GET', url, headers, payload });
}

/** Refused first (they must leave the targets as they are), then owners, non-admins before admins. */
function orderOf(c: Case): number {
  return c.expect === 'allowed' ? (c.caller === 'superAdmin' || c.caller === 'admin' ? 2 : 1) : 0;
}

describe('authorization matrix (every operation × role × target, from the contract)', () => {
  it('has an owner rule for every operation of the contract, and none for operations that are gone', () => {
    const ids = new Set(operations.map((o) => o.operationId));
    const missing = operations
      .filter((o) => !OWNER_RULES[o.operationId])
      .map((o) => `${o.operationId} (${o.method.toUpperCase()} ${o.path})`);
    const stale = Object.keys(OWNER_RULES).filter((id) => !ids.has(id));
    // An operation on a resource (path parameters) or tenant-scoped needs per-owner targets, or a reason why not.
    const unscoped = operations
      .filter((o) => OWNER_RULES[o.operationId] && (o.schema.params || o.tenantScoped))
      .filter(
        (o) =>
          OWNER_RULES[o.operationId]!.variants.every((v) => v.target === 'none' && v.allow === 'roles') &&
          !OWNER_RULES[o.operationId]!.why,
      )
      .filter((o) => o.schema.params)
      .map((o) => o.operationId);
    expect({ missing, stale, unscoped }).toEqual({ missing: [], stale: [], unscoped: [] });
  });

  it('refuses every caller that x-roles or the owner rules refuse, with nothing written; 0 unexpected 2xx', async () => {
    const started = Date.now();
    const cases: Case[] = [];
    for (const op of operations) {
      // An operation without a rule is still checked for its role refusals (the request needs no body for those).
      const rule = OWNER_RULES[op.operationId] ?? {
        variants: [{ target: 'none', label: 'no rule yet', allow: [], build: () => ({}) } satisfies Variant],
      };
      const own: Case[] = [];
      for (const variant of rule.variants) {
        for (const caller of CALLERS) {
          const c = { op, variant, caller, expect: expectationOf(op, variant, caller) };
          if (!OWNER_RULES[op.operationId] && c.expect !== 'role-refused') continue;
          own.push(c);
        }
      }
      cases.push(...own.sort((a, b) => orderOf(a) - orderOf(b)));
    }

    const outcomes: Outcome[] = [];
    const succeeded = new Set<Variant>();
    let secretsSeenByAdmins = 0;
    let since = (await writesSince(t.db, 0)).at(-1)?.id ?? 0;
    for (const c of cases) {
      const res = await send(c.op, c.variant.build(world, c.caller), c.caller);
      // What the call left to run after its answer (a receipt's mail) is the call's too.
      await t.app.backgroundSettled();
      const writes = await writesSince(t.db, since);
      if (writes.length) since = writes.at(-1)!.id;
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const found = ok ? world.secretsOfB.filter((s) => res.body.includes(s)) : [];
      if (c.caller === 'superAdmin' || c.caller === 'admin') secretsSeenByAdmins += found.length;
      const leaked = c.caller === 'superAdmin' || c.caller === 'admin' ? [] : found;
      outcomes.push({
        ...c,
        status: res.statusCode,
        afterSuccess: succeeded.has(c.variant),
        writes: writes.map(({ tbl, op }) => ({ tbl, op })),
        body: res.body.slice(0, 200),
        leaked,
      });
      if (ok) succeeded.add(c.variant);
      // A USER becomes a LEARNER by enrolling (enrollments/service.ts): the USER caller stays a USER.
      if (ok && c.caller === 'user') {
        await t.db
          .updateTable('users')
          .set({ role: 'USER' })
          .where('id', '=', world.ids.user)
          .where('role', '<>', 'USER')
          .execute();
        since = (await writesSince(t.db, since)).at(-1)?.id ?? since;
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const line = (o: Outcome) =>
      `  ${o.op.operationId} [${o.variant.target}: ${o.variant.label}] as ${o.caller}: ${o.status} ${o.body}${o.writes.length ? ` — wrote ${[...new Set(o.writes.map((w) => `${w.op} ${w.tbl}`))].join(', ')}` : ''}`;
    const refused = (o: Outcome) => o.expect !== 'allowed';
    const is2xx = (o: Outcome) => o.status >= 200 && o.status < 300;
    const unexpected2xx = outcomes.filter((o) => refused(o) && is2xx(o));
    const leakedBodies = outcomes.filter((o) => o.leaked.length > 0);
    expect(
      secretsSeenByAdmins,
      "admins read company B's secrets somewhere (else the secrets check would prove nothing)",
    ).toBeGreaterThan(0);
    // The write log works: owner calls that create things are seen writing (else "0 writes" would prove nothing).
    const address = outcomes.find((o) => o.op.operationId === 'createMyAddress' && is2xx(o));
    expect(address?.writes).toContainEqual({ tbl: 'addresses', op: 'INSERT' });
    const writesByRefused = outcomes.filter((o) => refused(o) && !is2xx(o) && o.writes.length > 0);
    const serverErrors = outcomes.filter((o) => o.status >= 500 && o.status !== 501);
    const roleWrong = outcomes.filter(
      (o) => o.expect === 'role-refused' && !is2xx(o) && o.status !== (o.caller === 'anon' ? 401 : 403),
    );
    const notBuiltCases = outcomes.filter((o) => o.status === 501);
    const overRefusedOrWeak = (o: Outcome) => weak.includes(o) || overRefused.includes(o);
    const weak = outcomes.filter((o) => {
      if (o.status >= 500 || is2xx(o) || o.expect === 'role-refused') return false;
      if (o.expect === 'owner-refused') return ![403, 404].includes(o.status);
      // allowed: a 400 means the matrix's request is not valid, so its refusals prove less.
      return o.status === 400 && !o.variant.allowedStatuses?.statuses.includes(400);
    });
    const overRefused = outcomes.filter(
      (o) =>
        o.expect === 'allowed' &&
        [401, 403, 404].includes(o.status) &&
        !o.variant.allowedStatuses?.statuses.includes(o.status) &&
        !(o.variant.consumable && o.afterSuccess && o.status === 404),
    );
    const allowedOk = outcomes.filter((o) => o.expect === 'allowed' && is2xx(o));
    const business = outcomes.filter(
      (o) => o.expect === 'allowed' && !is2xx(o) && o.status !== 501 && !overRefusedOrWeak(o),
    );
    // Every target that has owners must be reached by one of them (else its refusals could be 404s of a wrong id).
    const unreached = [...new Set(outcomes.filter((o) => o.expect === 'allowed').map((o) => o.variant))]
      .filter(
        (v) =>
          !outcomes.some(
            (o) =>
              o.variant === v &&
              o.expect === 'allowed' &&
              (is2xx(o) || o.status === 501 || v.allowedStatuses?.statuses.includes(o.status)),
          ),
      )
      .map((v) => outcomes.find((o) => o.variant === v)!)
      .map((o) => `  ${o.op.operationId} [${o.variant.target}: ${o.variant.label}]`);
    const ops = new Set(outcomes.map((o) => o.op.operationId));

    console.log(
      `authorization matrix: ${outcomes.length} cases, ${ops.size} operations (${notBuilt.size} not built: ${notBuiltCases.length} cases answered 501), ` +
        `${outcomes.filter(refused).length} refusals expected, ${allowedOk.length} owner calls succeeded, ` +
        `${unexpected2xx.length} unexpected 2xx, ${writesByRefused.length} writes by refused calls, ${leakedBodies.length} answers with another company's secrets, ` +
        `${weak.length} weak, ${seconds} s`,
    );
    if (unexpected2xx.length)
      console.log('UNEXPECTED 2xx (a caller got through who should not):\n' + unexpected2xx.map(line).join('\n'));
    if (leakedBodies.length)
      console.log(
        "COMPANY B'S SECRETS IN ANSWERS TO OTHERS:\n" +
          leakedBodies.map((o) => `${line(o)} — contains ${o.leaked.join(', ')}`).join('\n'),
      );
    if (writesByRefused.length) console.log('WRITES BY REFUSED CALLS:\n' + writesByRefused.map(line).join('\n'));
    if (serverErrors.length) console.log('SERVER ERRORS:\n' + serverErrors.map(line).join('\n'));
    if (roleWrong.length)
      console.log('ROLE REFUSALS WITH ANOTHER STATUS THAN 401/403:\n' + roleWrong.map(line).join('\n'));
    if (weak.length)
      console.log(
        'WEAK CASES (refused, but not by authorization; or an owner call that is not valid):\n' +
          weak.map(line).join('\n'),
      );
    if (business.length)
      console.log('owner calls answered with a business 4xx (accepted):\n' + business.map(line).join('\n'));
    if (unreached.length) console.log('TARGETS NO OWNER REACHED (2xx):\n' + unreached.join('\n'));
    if (overRefused.length)
      console.log(
        'OWNER CALLS REFUSED (the owner rules or the service disagree):\n' + overRefused.map(line).join('\n'),
      );

    expect(unexpected2xx.map(line)).toEqual([]);
    expect(writesByRefused.map(line)).toEqual([]);
    expect(leakedBodies.map((o) => `${line(o)} — contains ${o.leaked.join(', ')}`)).toEqual([]);
    expect(serverErrors.map(line)).toEqual([]);
    expect(roleWrong.map(line)).toEqual([]);
    expect(weak.map(line)).toEqual([]);
    expect(overRefused.map(line)).toEqual([]);
    expect(unreached).toEqual([]);
  }, 180_000);
});
