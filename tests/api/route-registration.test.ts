import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerTable } from '../../server/platform/handlers.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Roles and tenancy are enforced by the route registration (server/platform/routes.ts), not by
 * each handler remembering them: these handlers forget every rule on purpose, and the callers that
 * x-roles or the tenant scope refuse are still refused before the handler runs.
 */
const careless = {
  updateCompanySettings: async ({ params }) => ({
    data: {
      companyId: params.id,
      style: { primaryColor: '#000000', secondaryColor: '#000000', tertiaryColor: '#000000' },
      links: {},
      logo: null,
    },
  }),
  approveSession: async () => {
    throw new Error('the handler must not run for a refused role');
  },
} satisfies HandlerTable;

let t: TestApp;
let ran = 0;
beforeAll(async () => {
  t = await startTestApp({
    handlers: {
      ...careless,
      updateCompanySettings: async (input) => {
        ran += 1;
        return careless.updateCompanySettings(input);
      },
    },
  });
});
afterAll(() => t.close());

async function companyId(acronym: string): Promise<number> {
  return (await t.db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
}

describe('route registration', () => {
  it("refuses another company's partner on a tenant-scoped /companies/{id} operation even when the handler checks nothing", async () => {
    const qad = await companyId('QAD');
    const payload = {
      style: { primaryColor: '#112233', secondaryColor: '#223344', tertiaryColor: '#334455' },
      links: {},
    };
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${qad}/settings`,
      headers: t.auth(await t.tokenFor('partner@ncai.halaqa.test')),
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only members of this company can do this');
    expect(ran).toBe(0);
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${qad}/settings`,
      headers: t.auth(await t.tokenFor('partner@qad.halaqa.test')),
      payload,
    });
    expect(own.statusCode).toBe(200);
    expect(ran).toBe(1);
  });

  it('refuses a role outside x-roles before the handler runs (403), and an anonymous caller with 401', async () => {
    const asLearner = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/1/approve',
      headers: t.auth(await t.tokenFor('learner@halaqa.test')),
      payload: {},
    });
    expect(asLearner.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/sessions/1/approve', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
