import type { LightMyRequestResponse } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unimplementedOperations } from '../../server/app.js';
import { loadOperations, type OperationSpec } from '../../server/platform/openapi.js';
import { installWriteLog, writesSince } from './authorization-world.js';
import { multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { weekly } from '../fixtures.js';

/**
 * Out-of-range input never reaches PostgreSQL (issue "Nothing lost, nobody in", fault 3): ids
 * beyond PostgreSQL's `integer`, numbers that are not finite and strings holding U+0000 answer 400
 * at the edge, never 500, and nothing is written. The `{id}` routes are generated from the contract
 * (every integer path parameter of every operation), called as a role the operation allows.
 *
 * The contract side is checked too: every integer and number a request may carry (path, query,
 * header, JSON body, multipart field) has bounds that fit the database, so a new field cannot
 * reopen the fault.
 */

/** PostgreSQL `integer`: the type of every id column. */
const PG_INT_MAX = 2_147_483_647;
/** Path values that Ajv's integer coercion must refuse (beyond `integer`, not finite, not whole). */
const BAD_IDS = ['2147483648', '99999999999999999999', 'Infinity', '-Infinity', '1e400', '1.5', 'NaN'];

const EMAIL_OF_ROLE: Record<string, string> = {
  ADMIN: 'admin@halaqa.test',
  SUPER_ADMIN: 'superadmin@halaqa.test',
  EDUCATOR: 'educator@halaqa.test',
  LEARNER: 'learner@halaqa.test',
  PARTNER: 'partner@ncai.halaqa.test',
  USER: 'learner@halaqa.test',
};

let t: TestApp;
let operations: OperationSpec[];
let cases = 0;
let failed = 0;
/** What the current test saw go wrong (reset by each test). */
let failures: string[] = [];
let since = 0;

beforeAll(async () => {
  t = await startTestApp();
  // Unbuilt operations answer 501 before any validation, by design (tests/api/contract.test.ts lists them).
  const unbuilt = new Set((await unimplementedOperations()).map((op) => op.operationId));
  operations = (await loadOperations()).operations.filter((op) => !unbuilt.has(op.operationId));
  for (const email of new Set(Object.values(EMAIL_OF_ROLE))) await t.tokenFor(email);
  await installWriteLog(t.db);
}, 60_000);
beforeEach(() => {
  failures = [];
});
afterAll(async () => {
  console.log(`input bounds: ${cases} cases, ${failed} not answered 400 or writing`);
  await t?.close();
});

/** Headers of a caller allowed by the operation (ADMIN first, as in the issue). */
async function headersFor(op: OperationSpec): Promise<Record<string, string>> {
  if (!op.requiresAuth) return t.auth(await t.tokenFor(EMAIL_OF_ROLE.ADMIN!));
  const role = !op.roles || op.roles.includes('ADMIN') ? 'ADMIN' : op.roles[0]!;
  return t.auth(await t.tokenFor(EMAIL_OF_ROLE[role]!));
}

/** Sends one bad request and records it when it is not refused with 400, or when it wrote. */
async function expectRefused(label: string, send: () => Promise<LightMyRequestResponse>): Promise<void> {
  cases += 1;
  const res = await send();
  const writes = await writesSince(t.db, since);
  if (writes.length) since = writes[writes.length - 1]!.id;
  if (res.statusCode !== 400 || writes.length) {
    failed += 1;
    failures.push(
      `${label} → ${res.statusCode}${writes.length ? ` wrote ${writes.map((w) => `${w.op} ${w.tbl}`).join(', ')}` : ''} ${res.body.slice(0, 160)}`,
    );
  }
}

function intProps(schema: Record<string, unknown> | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.keys(props).filter((k) => props[k]!.type === 'integer');
}

const idem = () => ({ 'idempotency-key': `bounds-${Math.random().toString(36).slice(2)}-${Date.now()}` });

describe('out-of-range input answers 400, never 500, and writes nothing', () => {
  it('every integer path parameter of every operation, as a role the operation allows', async () => {
    const routes = operations.filter((op) => intProps(op.schema.params).length > 0);
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const op of routes) {
      const headers = await headersFor(op);
      for (const param of intProps(op.schema.params)) {
        for (const bad of BAD_IDS) {
          const url = op.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === param ? bad : '1'));
          const label = `${op.method.toUpperCase()} ${url} (${op.operationId})`;
          if (op.multipartSchema) {
            const form = multipart(
              {},
              {
                document: { filename: 'a.png', contentType: 'image/png', content: PNG_1PX },
                picture: { filename: 'a.png', contentType: 'image/png', content: PNG_1PX },
              },
            );
            await expectRefused(label, () =>
              t.app.inject({
                method: op.method.toUpperCase() as 'POST',
                url,
                headers: { ...headers, ...form.headers },
                payload: form.payload,
              }),
            );
          } else {
            const payload = op.method === 'get' || op.method === 'delete' ? undefined : {};
            await expectRefused(label, () =>
              t.app.inject({
                method: op.method.toUpperCase() as 'GET',
                url,
                headers: { ...headers, ...idem() },
                payload,
              }),
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the id query parameters categoryId, courseId, sessionId and partnerId', async () => {
    const admin = t.auth(await t.tokenFor(EMAIL_OF_ROLE.ADMIN!));
    const learner = t.auth(await t.tokenFor(EMAIL_OF_ROLE.LEARNER!));
    const urls: Array<[string, Record<string, string>]> = [
      ['/api/sessions/explore?categoryId=', admin],
      ['/api/courses/explore?categoryId=', admin],
      ['/api/sessions?courseId=', admin],
      ['/api/assignments/1/submissions?sessionId=', admin],
      ['/api/courses/categories?partnerId=', admin],
      ['/api/courses/categories?partnerId=', {}],
      ['/api/sessions/explore?page=', learner],
      ['/api/courses/explore?page=', {}],
    ];
    for (const [url, headers] of urls) {
      for (const bad of BAD_IDS)
        await expectRefused(`GET ${url}${bad}`, () =>
          t.app.inject({ method: 'GET', url: url + encodeURIComponent(bad), headers }),
        );
    }
    expect(failures).toEqual([]);
  });

  it('the id body fields sessionId (wallet and card intents), courseId (POST /sessions) and userIdsTo (mail)', async () => {
    const admin = t.auth(await t.tokenFor(EMAIL_OF_ROLE.ADMIN!));
    const learner = t.auth(await t.tokenFor(EMAIL_OF_ROLE.LEARNER!));
    const week = weekly({ monday: { start: '18:00', end: '19:00' } });
    // JSON numbers: 1e400 parses to Infinity, 1e20 is beyond every integer column.
    for (const bad of ['2147483648', '99999999999999999999', '1e400', '-1e400', '1.5']) {
      const raw = (template: string) => template.replace('BAD', bad);
      const json = { 'content-type': 'application/json' };
      await expectRefused(`POST /payments/intents/wallet sessionId=${bad}`, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/intents/wallet',
          headers: { ...learner, ...json, ...idem() },
          payload: raw('{"sessionId":BAD,"amount":1100}'),
        }),
      );
      await expectRefused(`POST /payments/intents sessionId=${bad}`, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/intents',
          headers: { ...learner, ...json, ...idem() },
          payload: raw('{"sessionId":BAD,"amount":1100}'),
        }),
      );
      await expectRefused(`POST /payments/intents/wallet amount=${bad}`, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/intents/wallet',
          headers: { ...learner, ...json, ...idem() },
          payload: raw('{"sessionId":1,"amount":BAD}'),
        }),
      );
      const session = {
        courseId: 1,
        startDate: '2031-05-05',
        endDate: '2031-06-01',
        timezone: 'America/Denver',
        schedule: week,
        maxSeats: 10,
        price: 0,
      };
      await expectRefused(`POST /sessions courseId=${bad}`, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/sessions',
          headers: { ...admin, ...json },
          payload: JSON.stringify(session).replace('"courseId":1', `"courseId":${bad}`),
        }),
      );
      if (bad !== '1.5') {
        await expectRefused(`POST /sessions price=${bad}`, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/sessions',
            headers: { ...admin, ...json },
            payload: JSON.stringify(session).replace('"price":0', `"price":${bad}`),
          }),
        );
        await expectRefused(`POST /payments/fee price=${bad}`, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/payments/fee',
            headers: { ...learner, ...json },
            payload: raw('{"price":BAD}'),
          }),
        );
      }
      await expectRefused(`POST /mail/send userIdsTo=[${bad}]`, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/mail/send',
          headers: { ...admin, ...json },
          payload: raw('{"message":"Hello","userIdsTo":[BAD]}'),
        }),
      );
    }
    expect(failures).toEqual([]);
  });

  it('a NUL character (U+0000) in a text field, a query or a multipart field', async () => {
    const admin = t.auth(await t.tokenFor(EMAIL_OF_ROLE.ADMIN!));
    const nul = 'Ali\u0000ce';
    await expectRefused('POST /users/me/addresses city with NUL', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/addresses',
        headers: admin,
        payload: { line1: '1 Main St', city: nul, postalCode: '12345', country: 'US' },
      }),
    );
    await expectRefused('GET /courses/explore?query= with NUL', () =>
      t.app.inject({ method: 'GET', url: '/api/courses/explore?query=a%00b' }),
    );
    await expectRefused('GET /sessions/explore?query= with NUL', () =>
      t.app.inject({ method: 'GET', url: '/api/sessions/explore?query=a%00b' }),
    );
    const form = multipart({
      firstName: nul,
      lastName: 'Doe',
      email: 'nul.signup@example.com',
      password: 'Halaqa-demo-1',
    });
    await expectRefused('POST /auth/signup (multipart) firstName with NUL', () =>
      t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: form.headers, payload: form.payload }),
    );
    await expectRefused('POST /mail/send message with NUL', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/mail/send',
        headers: admin,
        payload: { message: nul, userIdsTo: [1] },
      }),
    );
    await expectRefused('PUT /companies/{id}/settings with a NUL in a free-form links key', async () => {
      const companyId = (
        await t.db.selectFrom('companies').select('id').where('acronym', '=', 'NCAI').executeTakeFirstOrThrow()
      ).id;
      const style = { primaryColor: '#112233', secondaryColor: '#223344', tertiaryColor: '#334455' };
      return t.app.inject({
        method: 'PUT',
        url: `/api/companies/${companyId}/settings`,
        headers: admin,
        payload: { style, links: { ['home\u0000']: 'https://example.com' } },
      });
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/addresses',
      headers: admin,
      payload: { line1: '1 Main St', city: nul, postalCode: '12345', country: 'US' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'city', message: 'must not contain the NUL character (U+0000)' }]);
    expect(failures).toEqual([]);
  });
});

/** Every integer and number a request may carry, with where it is. */
function numbersOf(schema: unknown, path: string, out: Array<{ path: string; schema: Record<string, unknown> }>): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer') || types.includes('number')) out.push({ path, schema: s });
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
    numbersOf(v, `${path}.${k}`, out);
  if (s.items) numbersOf(s.items, `${path}[]`, out);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    numbersOf(s.additionalProperties, `${path}{}`, out);
  for (const k of ['oneOf', 'anyOf', 'allOf'])
    for (const [i, v] of ((s[k] ?? []) as unknown[]).entries()) numbersOf(v, `${path}<${k}${i}>`, out);
}

describe('the contract bounds every number a request may carry', () => {
  it('integers lie within PostgreSQL integer, numbers have finite bounds', async () => {
    const { operations } = await loadOperations();
    const unbounded: string[] = [];
    for (const op of operations) {
      const found: Array<{ path: string; schema: Record<string, unknown> }> = [];
      for (const part of ['params', 'querystring', 'headers', 'body'] as const) numbersOf(op.schema[part], part, found);
      numbersOf(op.multipartSchema, 'multipart', found);
      for (const { path, schema } of found) {
        const min = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
        const max = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
        if (min === undefined || max === undefined || min < -PG_INT_MAX - 1 || max > PG_INT_MAX)
          unbounded.push(`${op.operationId} ${path} [${min}, ${max}]`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('the error handler answers 400 to a value the database refuses (the safety net behind the edge)', () => {
  let s: TestApp;
  /** `?case=` → a query PostgreSQL refuses with that SQLSTATE. */
  const queries: Record<string, () => RawBuilder<unknown>> = {
    '22003': () => sql`select ${'2147483648'}::integer`,
    '22P02': () => sql`select ${'Infinity'}::integer`,
    '22021': () => sql`select ${'a\u0000b'}::text`,
    '22P05': () => sql`select ${'{"a": "\\u0000"}'}::jsonb`,
    '22012': () => sql`select 1 / ${0}::integer`,
  };
  beforeAll(async () => {
    s = await startTestApp({
      handlers: {
        listLanguages: async ({ request }) => {
          const which = (request.query as { case?: string }).case ?? '';
          await queries[which]!().execute(s.db);
          throw new Error('the query was expected to fail');
        },
      },
    });
  }, 60_000);
  afterAll(() => s?.close());

  it.each(['22003', '22P02', '22021', '22P05'])('SQLSTATE %s answers 400 "Some fields are invalid"', async (code) => {
    const err = await queries[code]!()
      .execute(s.db)
      .then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
    expect(err?.code).toBe(code);
    const res = await s.app.inject({ method: 'GET', url: `/api/languages?case=${code}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Some fields are invalid' });
  });

  it('a data error that is the server’s own mistake (division by zero) still answers 500', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/languages?case=22012' });
    expect(res.statusCode).toBe(500);
  });
});
