import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { runJobs } from '../../server/jobs/index.js';
import { unmailedInvitations } from '../../server/modules/users/invitation-mails.js';
import { Mailer } from '../../server/platform/mailer.js';
import { countRows, multipart, startTestApp, type TestApp } from './harness.js';

/**
 * Invitation mails survive a crash: the invitation row is the outbox (`invitations.mailed_at`,
 * migration 0026). The request writes it unmailed; the server's queue mails it after the answer;
 * the periodic jobs mail what a stopped server or a refusing mail server left, a minute on; each
 * invitation is mailed once per (re)send. And the partner's Resend.
 */

const NCAI_PARTNER = 'partner@ncai.halaqa.test';
const MOROCCO_PARTNER = 'partner@morocco.halaqa.test';
/** Nothing listens on port 1: every send of an app configured so fails (connection refused). */
const REFUSING_SMTP = 'smtp://127.0.0.1:1';

function helpers(get: () => TestApp) {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    email?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const t = get();
    const auth = email ? t.auth(await t.tokenFor(email)) : {};
    const res = await t.app.inject({ method, url, headers: { ...auth, ...headers }, payload: payload as string });
    return { status: res.statusCode, body: res.json() };
  };
  /** The mails sent to an address, oldest first, with the link token each carries. */
  const mailsTo = async (email: string) => {
    const rows = await get()
      .db.selectFrom('outbox')
      .select(['id', 'body'])
      .where(sql<boolean>`to_addresses::text like ${`%"${email}"%`}`)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ body: r.body, token: /\/invitations\/([A-Za-z0-9_-]+)/.exec(r.body)?.[1] ?? null }));
  };
  /** The jobs' view of the app: a working mailer (.eml files not written). */
  const jobMail = () => {
    const t = get();
    return { db: t.db, mailer: new Mailer(t.db, null, null), config: t.config, log: t.app.log };
  };
  /** As if the invitations had been written two minutes ago (the jobs leave younger ones to the queue). */
  const age = (ids: number[]) =>
    get()
      .db.updateTable('invitations')
      .set({ created_at: sql<Date>`now() - interval '2 minutes'` })
      .where('id', 'in', ids)
      .execute();
  const companyId = async (acronym: string) =>
    (await get().db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
  return { call, mailsTo, jobMail, age, companyId };
}

describe('a mail server that refuses, a server that stops', () => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: REFUSING_SMTP } });
  });
  afterAll(() => t.close());

  it('an invitation whose mail failed in the request is mailed by the jobs, once, with a working link', async () => {
    const email = 'refused.once@example.org';
    const res = await h.call('POST', '/api/users/invite', NCAI_PARTNER, { email, role: 'LEARNER' });
    expect(res.status).toBe(201);
    await t.app.backgroundSettled();
    expect(await h.mailsTo(email)).toHaveLength(0);
    const row = await t.db
      .selectFrom('invitations')
      .select('mailed_at')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.mailed_at).toBeNull(); // the claim was given back
    // A minute on, the jobs (mail server back) send it.
    await h.age([res.body.data.id]);
    const report = await runJobs(t.db, { mail: h.jobMail() });
    expect(report.mailedInvitations).toBe(1);
    const mails = await h.mailsTo(email);
    expect(mails).toHaveLength(1);
    const preview = await h.call('GET', `/api/invitations/${mails[0].token}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ email, status: 'PENDING' });
    // Once: the next pass finds nothing to mail.
    expect((await runJobs(t.db, { mail: h.jobMail() })).mailedInvitations).toBe(0);
    expect(await h.mailsTo(email)).toHaveLength(1);
  });

  it('a server closed before its queue mailed: the jobs of the next server mail each invitation once', async () => {
    const form = multipart(
      {},
      {
        file: {
          filename: 'people.csv',
          contentType: 'text/csv',
          content: Buffer.from('email,role\nstopped.a@example.org,LEARNER\nstopped.b@example.org,EDUCATOR\n'),
        },
      },
    );
    const res = await h.call('POST', '/api/users/bulk/invite', NCAI_PARTNER, form.payload, form.headers);
    expect(res.status).toBe(201);
    const ids = res.body.data.invited.map((i: { id: number }) => i.id);
    expect(ids).toHaveLength(2);
    // The next server on the same database, its mail server working.
    const next = await buildApp({ config: { ...t.config, smtpUrl: null }, db: t.db, logger: false });
    try {
      await next.ready();
      await h.age(ids);
      const report = await runJobs(t.db, { mail: h.jobMail() });
      expect(report.mailedInvitations).toBe(2);
      await runJobs(t.db, { mail: h.jobMail() });
      expect(await h.mailsTo('stopped.a@example.org')).toHaveLength(1);
      expect(await h.mailsTo('stopped.b@example.org')).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});

describe('the queue, the jobs and Resend', () => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("counts the demo data's invitations as mailed: the jobs send none of them", async () => {
    const demo = await t.db.selectFrom('invitations').select(['id', 'mailed_at']).execute();
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.filter((i) => i.mailed_at === null)).toEqual([]);
    await h.age(demo.map((i) => i.id));
    expect(await unmailedInvitations(t.db, new Date())).toEqual([]);
    expect((await runJobs(t.db, { mail: h.jobMail() })).mailedInvitations).toBe(0);
  });

  it('a bulk upload of N rows sends N mails, each once, with the jobs running alongside the queue', async () => {
    const n = 60;
    const emails = Array.from({ length: n }, (_, i) => `crowd${i}@example.org`);
    const form = multipart(
      {},
      {
        file: {
          filename: 'people.csv',
          contentType: 'text/csv',
          content: Buffer.from('email,role\n' + emails.map((e) => `${e},LEARNER`).join('\n')),
        },
      },
    );
    const res = await h.call('POST', '/api/users/bulk/invite', NCAI_PARTNER, form.payload, form.headers);
    expect(res.status).toBe(201);
    const ids = res.body.data.invited.map((i: { id: number }) => i.id);
    expect(ids).toHaveLength(n);
    await h.age(ids);
    await Promise.all([
      runJobs(t.db, { mail: h.jobMail() }),
      runJobs(t.db, { mail: h.jobMail() }),
      t.app.backgroundSettled(),
    ]);
    await t.app.backgroundSettled();
    const counts = await Promise.all(emails.map(async (e) => (await h.mailsTo(e)).length));
    expect(counts).toEqual(emails.map(() => 1));
    const unmailed = await t.db
      .selectFrom('invitations')
      .select('id')
      .where('id', 'in', ids)
      .where('mailed_at', 'is', null)
      .execute();
    expect(unmailed).toEqual([]);
  }, 60_000);

  it('resend mails the invitation again with a fresh link (the old one stops working)', async () => {
    const email = 'resend.me@example.org';
    const ncai = await h.companyId('NCAI');
    const inv = (await h.call('POST', '/api/users/invite', NCAI_PARTNER, { email, role: 'EDUCATOR' })).body.data;
    await t.app.backgroundSettled();
    const [first] = await h.mailsTo(email);
    expect(first.token).toBeTruthy();
    const res = await h.call('POST', `/api/companies/${ncai}/invitations/${inv.id}/resend`, NCAI_PARTNER);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      id: inv.id,
      email,
      role: 'EDUCATOR',
      status: 'PENDING',
      expiresAt: inv.expiresAt,
    });
    await t.app.backgroundSettled();
    const mails = await h.mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].token).not.toBe(first.token);
    expect((await h.call('GET', `/api/invitations/${mails[1].token}`)).body.data.status).toBe('PENDING');
    expect((await h.call('GET', `/api/invitations/${first.token}`)).status).toBe(404);
    // An admin may resend it too; the jobs then find nothing left to mail.
    expect(
      (await h.call('POST', `/api/companies/${ncai}/invitations/${inv.id}/resend`, 'admin@halaqa.test')).status,
    ).toBe(202);
    await t.app.backgroundSettled();
    expect(await h.mailsTo(email)).toHaveLength(3);
    await h.age([inv.id]);
    expect((await runJobs(t.db, { mail: h.jobMail() })).mailedInvitations).toBe(0);
  });

  it("refuses another company's invitation (404 by path, 403 by tenancy) and writes nothing", async () => {
    const email = 'not.yours@example.org';
    const ncai = await h.companyId('NCAI');
    const morocco = await h.companyId('MOROCCO');
    const inv = (await h.call('POST', '/api/users/invite', MOROCCO_PARTNER, { email, role: 'LEARNER' })).body.data;
    await t.app.backgroundSettled();
    const before = {
      mails: await countRows(t.db, 'outbox'),
      audit: await countRows(t.db, 'audit_log'),
      row: await t.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow(),
    };
    const byPath = await h.call('POST', `/api/companies/${ncai}/invitations/${inv.id}/resend`, NCAI_PARTNER);
    expect(byPath.status).toBe(404);
    const byTenant = await h.call('POST', `/api/companies/${morocco}/invitations/${inv.id}/resend`, NCAI_PARTNER);
    expect(byTenant.status).toBe(403);
    expect(
      (await h.call('POST', `/api/companies/${morocco}/invitations/${inv.id}/resend`, 'learner@halaqa.test')).status,
    ).toBe(403);
    await t.app.backgroundSettled();
    expect(await countRows(t.db, 'outbox')).toBe(before.mails);
    expect(await countRows(t.db, 'audit_log')).toBe(before.audit);
    expect(await t.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow()).toEqual(
      before.row,
    );
  });

  it('refuses an accepted and a withdrawn invitation (409), and an unknown one (404)', async () => {
    const ncai = await h.companyId('NCAI');
    const make = async (email: string) =>
      (await h.call('POST', '/api/users/invite', NCAI_PARTNER, { email, role: 'LEARNER' })).body.data.id as number;
    const accepted = await make('accepted.resend@example.org');
    await t.db
      .updateTable('invitations')
      .set({ status: 'ACCEPTED', accepted_at: new Date() })
      .where('id', '=', accepted)
      .execute();
    const withdrawn = await make('withdrawn.resend@example.org');
    await t.db.updateTable('invitations').set({ withdrawn_at: new Date() }).where('id', '=', withdrawn).execute();
    await t.app.backgroundSettled();
    const mails = await countRows(t.db, 'outbox');
    for (const [id, message] of [
      [accepted, 'This invitation has already been accepted'],
      [withdrawn, 'This invitation was withdrawn: invite the address again'],
    ] as const) {
      const res = await h.call('POST', `/api/companies/${ncai}/invitations/${id}/resend`, NCAI_PARTNER);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect((await h.call('POST', `/api/companies/${ncai}/invitations/987654/resend`, NCAI_PARTNER)).status).toBe(404);
    await t.app.backgroundSettled();
    expect(await countRows(t.db, 'outbox')).toBe(mails);
  });

  it('renews an expired invitation: a new link valid 7 days from now, mailed, the old link refused', async () => {
    const email = 'expired.resend@example.org';
    const ncai = await h.companyId('NCAI');
    const inv = (await h.call('POST', '/api/users/invite', NCAI_PARTNER, { email, role: 'LEARNER' })).body.data;
    await t.app.backgroundSettled();
    const [first] = await h.mailsTo(email);
    await t.db
      .updateTable('invitations')
      .set({ created_at: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where('id', '=', inv.id)
      .execute();
    expect((await h.call('GET', `/api/invitations/${first.token}`)).body.data.status).toBe('EXPIRED');

    const res = await h.call('POST', `/api/companies/${ncai}/invitations/${inv.id}/resend`, NCAI_PARTNER);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ id: inv.id, email, status: 'PENDING' });
    const days = (Date.parse(res.body.data.expiresAt) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await t.app.backgroundSettled();
    const mails = await h.mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].token).not.toBe(first.token);
    expect((await h.call('GET', `/api/invitations/${mails[1].token}`)).body.data.status).toBe('PENDING');
    // The old link is dead: unknown, and it cannot be accepted.
    expect((await h.call('GET', `/api/invitations/${first.token}`)).status).toBe(404);
    const listed = (await h.call('GET', '/api/users/invitations?status=PENDING&pageSize=100', NCAI_PARTNER)).body.data;
    expect(listed.items.map((i: { id: number }) => i.id)).toContain(inv.id);
  });
});
