import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courseCoverSvg, wrapText } from '../../server/db/seed/covers.js';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users.js';
import { unmailedReceipts } from '../../server/modules/payments/mails.js';
import { LESSON_TYPES, US_TIMEZONES } from '../../server/modules/reference/data.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { TODAY, fakeHash, db, uploadsDir, summary, hashCalls, useSeededDemo, EXPECTED_ACCOUNTS } from './seed-setup.js';
import { LESSON_TYPE_CODES } from '../fixtures.js';

useSeededDemo();

describe('seedDemoData', () => {
  it("counts the demo data's past payments as mailed: the jobs send no demo receipt", async () => {
    const paid = await db.selectFrom('payment_intents').select(['status', 'receipt_mailed_at']).execute();
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.filter((p) => p.status === 'succeeded' && p.receipt_mailed_at === null)).toEqual([]);
    // Even once they are old enough for the jobs to look at them.
    expect(await unmailedReceipts(db, new Date(Date.now() + 3_600_000))).toEqual([]);
  });

  it('reports what it seeded and hashes the shared password once', () => {
    expect(summary.seeded).toBe(true);
    if (!summary.seeded) return;
    expect(hashCalls).toBe(1);
    expect(summary.users).toBe(Object.keys(EXPECTED_ACCOUNTS).length);
    expect(summary.courses).toBeGreaterThanOrEqual(24);
    expect(summary.sessions).toBeGreaterThanOrEqual(summary.courses);
    expect(Object.fromEntries(summary.accounts.map((a) => [a.email, a.role]))).toEqual(
      Object.fromEntries(Object.entries(EXPECTED_ACCOUNTS).map(([e, [r]]) => [e, r])),
    );
  });

  it('creates exactly the demo accounts, approved, with their roles, companies and the demo password', async () => {
    const users = await db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.email',
        'users.role',
        'users.status',
        'users.password_hash',
        'users.first_name',
        'users.last_name',
        'companies.acronym',
      ])
      .where('users.status', '=', 'APPROVED')
      .execute();
    expect(Object.fromEntries(users.map((u) => [u.email, [u.role, u.acronym]]))).toEqual(EXPECTED_ACCOUNTS);
    for (const u of users) {
      expect(u.status).toBe('APPROVED');
      expect(u.password_hash).toBe(await fakeHash(DEMO_PASSWORD));
      expect(u.first_name.length).toBeGreaterThan(0);
      expect(u.last_name.length).toBeGreaterThan(0);
    }
  });

  it('adds the sign-ups waiting for an admin: a PENDING company with its address and PENDING partner, and a PENDING educator', async () => {
    const pending = await db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.email', 'users.role', 'users.language', 'companies.acronym', 'companies.status as companyStatus'])
      .where('users.status', '=', 'PENDING')
      .orderBy('users.email')
      .execute();
    expect(pending).toEqual([
      { email: 'partner@gda.halaqa.test', role: 'PARTNER', language: 'ar', acronym: 'GDA', companyStatus: 'PENDING' },
      { email: 'pending.educator@halaqa.test', role: 'EDUCATOR', language: 'en', acronym: null, companyStatus: null },
    ]);
    const address = await db
      .selectFrom('addresses')
      .innerJoin('companies', 'companies.id', 'addresses.company_id')
      .select(['addresses.city', 'addresses.country', 'addresses.user_id'])
      .where('companies.acronym', '=', 'GDA')
      .executeTakeFirstOrThrow();
    expect(address).toEqual({ city: 'Doha', country: 'QA', user_id: null });
  });

  it('creates the three companies with distinct themes, links and logos written to the uploads folder', async () => {
    const companies = await db
      .selectFrom('companies')
      .select(['name', 'acronym', 'settings'])
      .where('status', '=', 'APPROVED')
      .orderBy('id')
      .execute();
    expect(companies.map((c) => [c.acronym, c.name])).toEqual([
      ['NCAI', 'National Center for AI'],
      ['MOROCCO', 'Morocco Digital Academy'],
      ['QAD', 'Qatar Academy of Digital'],
    ]);
    const primaries = new Set<string>();
    for (const c of companies) {
      const { style, links, logo } = c.settings;
      for (const colour of [style.primaryColor, style.secondaryColor, style.tertiaryColor])
        expect(colour).toMatch(/^#[0-9A-Fa-f]{6}$/);
      primaries.add(style.primaryColor);
      expect(links.website).toMatch(/^https:\/\//);
      expect(links.support).toMatch(/^https:\/\//);
      expect(logo).toBe(`/uploads/demo/logo-${c.acronym.toLowerCase()}.svg`);
      const svg = readFileSync(join(uploadsDir, logo!.replace('/uploads/', '')), 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).toContain(c.acronym);
    }
    expect(primaries.size).toBe(3);
  });

  it('loads the reference data: categories in two languages, languages, skills, lesson types', async () => {
    const categories = await db.selectFrom('categories').selectAll().execute();
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const c of categories) expect(c.name_ar).toMatch(/[\u0600-\u06FF]/);
    const languages = await db.selectFrom('languages').selectAll().orderBy('id').execute();
    expect(languages.map((l) => [l.id, l.code])).toEqual([
      [1, 'en'],
      [2, 'ar'],
      [3, 'fr'],
    ]);
    const skills = await db.selectFrom('skills').select('name').execute();
    expect(skills.length).toBeGreaterThanOrEqual(35);
    const types = await db.selectFrom('lesson_types').select(['code', 'name']).orderBy('id').execute();
    expect(types.map((t) => t.code)).toEqual(LESSON_TYPE_CODES);
    expect(types).toEqual(LESSON_TYPES);
  });

  it('offers real US time zones, and every session uses one of them', async () => {
    const ids = US_TIMEZONES.map((z) => z.id);
    for (const id of [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Puerto_Rico',
    ]) {
      expect(ids).toContain(id);
    }
    for (const z of US_TIMEZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: z.id })).not.toThrow();
      expect(z.name.length).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const used = await db.selectFrom('sessions').select('timezone').distinct().execute();
    for (const { timezone } of used) expect(ids).toContain(timezone);
  });

  it('seeds only once: a second call changes nothing', async () => {
    const before = await db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await seedDemoData(db, { uploadsDir, today: TODAY, hashPassword: fakeHash });
    expect(again).toEqual({ seeded: false });
    const after = await db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(Object.keys(EXPECTED_ACCOUNTS).length + 2); // + the two sign-ups waiting for an admin
    expect(readdirSync(join(uploadsDir, 'demo')).length).toBe(Number(after.n) + 3);
  });

  it('refuses a malformed seeding day', async () => {
    await expect(seedDemoData(db, { uploadsDir: null, today: '13/03/2030', hashPassword: fakeHash })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('courseCoverSvg', () => {
  it('escapes the title and wraps long titles onto several lines', () => {
    const svg = courseCoverSvg({
      title: 'Tips & Tricks for <Very> Long Titles That Need Wrapping Across Lines',
      category: 'Web Development',
      difficulty: 'ADVANCED',
    });
    expect(svg).toContain('Tips &amp; Tricks for &lt;Very&gt;');
    expect(svg).not.toContain('<Very>');
    expect((svg.match(/<tspan /g) ?? []).length).toBeGreaterThan(1);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(wrapText('one two three', 1000, 10)).toEqual(['one two three']);
  });
});
