import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unimplementedOperations } from '../../server/app.js';
import { loadOperations } from '../../server/platform/openapi.js';
import { startTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SPEC_CALLS = [
  'POST /auth/signin',
  'POST /auth/signup',
  'POST /auth/signup/company',
  'POST /account/reset-password/request',
  'POST /account/reset-password',
  'PUT /account/password',
  'PUT /account/profile',
  'GET /users/{id}',
  'GET /users/me/company',
  'GET /users/me/addresses',
  'POST /users/me/addresses',
  'GET /users/partners',
  'GET /users/educators',
  'GET /users/learners',
  'GET /users/invitations',
  'PUT /users/{id}/approve',
  'PUT /users/{id}/reject',
  'PUT /users/{id}/delete',
  'DELETE /users/{id}/deleteInvite',
  'POST /users/invite',
  'POST /users/bulk/invite',
  'POST /mail/send',
  'POST /contact',
  'GET /sessions',
  'GET /sessions/explore',
  'GET /sessions/enrollments',
  'POST /sessions',
  'GET /sessions/{id}/info',
  'GET /sessions/{id}/info/secured',
  'GET /sessions/{id}/syllabus',
  'GET /sessions/{id}/syllabus/secured',
  'GET /sessions/{id}/learners',
  'POST /sessions/{id}/enroll',
  'POST /sessions/{id}/approve',
  'POST /sessions/{id}/reject',
  'POST /sessions/{id}/delete',
  'PUT /sessions/{id}/content',
  'GET /sessions/{id}/submissions',
  'GET /courses/{id}/info',
  'GET /courses/{id}/sessions/active',
  'GET /courses/explore',
  'GET /courses/to-teach',
  'GET /courses/categories',
  'POST /courses',
  'POST /courses/{id}/waitlist',
  'GET /courses/{id}/reviews',
  'POST /courses/{id}/reviews',
  'GET /timezones/us',
  'GET /lessons/types',
  'GET /dashboard/stats',
  'POST /assignments/{id}/submissions',
  'GET /assignments/{id}/submissions',
  'PATCH /submissions/{id}',
  'GET /payments/cards',
  'POST /payments/cards',
  'GET /payments/wallets/me',
  'POST /payments/fee',
  'POST /payments/intents',
  'POST /payments/intents/wallet',
  'POST /payments/intents/{id}/confirm',
  'GET /payments/accounts/external-account',
  'POST /payments/accounts/external-account',
  'GET /v2/learningGoals',
  'DELETE /v2/learningGoal/{id}',
  'POST /companies/{id}/picture',
  'GET /companies/{id}/settings',
  'PUT /companies/{id}/settings',
  'POST /documents',
  'POST /account/picture',
  'POST /courses/picture',
  'POST /courses/video',
  'POST /account/signature',
  'POST /account/resume',
  'POST /v2/questions/upload/picture',
];

describe('the contract (openapi/halaqa.yaml)', () => {
  it('describes every call of product.md#calls, each with an operationId and a summary', async () => {
    const { operations } = await loadOperations();
    const described = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    expect(SPEC_CALLS.filter((c) => !described.has(c))).toEqual([]);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(operations.every((o) => o.summary.length > 0)).toBe(true);
  });

  it('registers every operation; exactly these are not built yet, and each answers 501 before validating its input', async () => {
    const missing = await unimplementedOperations();
    console.log(
      `operations answering 501 (not built yet): ${missing.length}\n` +
        missing.map((o) => `  ${o.operationId}: ${o.method.toUpperCase()} ${o.path}`).join('\n'),
    );
    // The remaining gap, named: building one of these means removing it here.
    expect(missing.map((o) => o.operationId).sort()).toEqual([]);
    const emailFor: Record<string, string> = {
      SUPER_ADMIN: 'superadmin@halaqa.test',
      ADMIN: 'admin@halaqa.test',
      EDUCATOR: 'educator@halaqa.test',
      LEARNER: 'learner@halaqa.test',
      USER: 'user@halaqa.test',
      PARTNER: 'partner@ncai.halaqa.test',
    };
    for (const op of missing) {
      const role = op.roles?.[0] ?? 'SUPER_ADMIN';
      const headers = t.auth(await t.tokenFor(emailFor[role]));
      // Path ids: integers, or Stripe-style ids for intents ("pi_…") and cards ("pm_…").
      const url = op.url.replace(/:[^/]+/g, (_m, offset: number) =>
        op.url.slice(0, offset).endsWith('/intents/')
          ? 'pi_test'
          : op.url.slice(0, offset).endsWith('/cards/')
            ? 'pm_test'
            : '1',
      );
      // No body, and then an invalid one: an unbuilt operation never hides behind a 400.
      for (const payload of [undefined, { unexpected: true }]) {
        const res = await t.app.inject({
          method: op.method.toUpperCase() as 'GET',
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${op.operationId} answered ${res.statusCode}`).toBe(501);
        expect(res.json().message).toContain('not implemented yet');
      }
    }
  });

  it('gives every paging parameter a default, so handlers can rely on page and pageSize (server/platform/handlers.ts)', async () => {
    const { operations } = await loadOperations();
    for (const op of operations) {
      const query = (op.schema.querystring?.properties ?? {}) as Record<string, { default?: unknown }>;
      for (const name of ['page', 'pageSize']) {
        if (query[name]) expect(query[name].default, `${op.operationId} ${name}`).toBeDefined();
      }
    }
  });

  it('keeps openapi/schema.d.ts generated from the current contract (npm run api:types)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'halaqa-types-')), 'schema.d.ts');
    execFileSync(process.execPath, ['scripts/api-types.mjs', out], { stdio: 'pipe' });
    expect(readFileSync('openapi/schema.d.ts', 'utf8'), 'schema.d.ts is stale: run npm run api:types').toBe(
      readFileSync(out, 'utf8'),
    );
  });

  it('serves the contract and its reference page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.json().openapi).toBe('3.1.0');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.body).toContain('Redoc.init');
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
  });

  it('answers 404 with a message for a path outside the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });
});
