import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CompanySettingsJson, Database } from '../types.js';
import { companyLogoSvg } from './covers.js';
import { DEMO_COMPANIES, DEMO_PENDING_SIGNUPS, DEMO_USERS } from './demo-users.js';
import { at, demoLogoUrl, need, type SeedContext, type SeedIds } from './seed-context.js';
import { CATEGORIES, LANGUAGES, LESSON_TYPES, SKILLS } from '../../modules/reference/data.js';

/** Inserts the reference data (categories, languages, skills, lesson types); answers their ids by name or code. */
export async function seedReferenceData(trx: Kysely<Database>): Promise<Omit<SeedIds, 'companies' | 'users'>> {
  const categoryIds = new Map(
    (
      await trx
        .insertInto('categories')
        .values(CATEGORIES.map((c) => ({ name: c.name, name_ar: c.nameAr })))
        .returning(['id', 'name'])
        .execute()
    ).map((r) => [r.name, r.id]),
  );
  const languageIds = new Map(
    (
      await trx
        .insertInto('languages')
        .values([...LANGUAGES])
        .returning(['id', 'code'])
        .execute()
    ).map((r) => [r.code, r.id]),
  );
  const skillIds = new Map(
    (
      await trx
        .insertInto('skills')
        .values(SKILLS.map((name) => ({ name })))
        .returning(['id', 'name'])
        .execute()
    ).map((r) => [r.name, r.id]),
  );
  const lessonTypeIds = new Map(
    (
      await trx
        .insertInto('lesson_types')
        .values([...LESSON_TYPES])
        .returning(['id', 'code'])
        .execute()
    ).map((r) => [r.code, r.id]),
  );

  return { categories: categoryIds, languages: languageIds, skills: skillIds, lessonTypes: lessonTypeIds };
}

/**
 * Inserts the demo companies (their logos go to `ctx.files`), the demo accounts, the sign-ups
 * waiting for an admin, NCAI's invitations and every learner's welcome wallet credit (one balanced
 * TOP_UP ledger transaction each); answers the companies' ids by acronym and the users' by e-mail.
 */
export async function seedAccounts(ctx: SeedContext): Promise<Pick<SeedIds, 'companies' | 'users'>> {
  const { trx, today, passwordHash, files } = ctx;
  // Companies ----------------------------------------------------------------------------
  const companyIds = new Map<string, number>();
  for (const c of DEMO_COMPANIES) {
    const logo = demoLogoUrl(c.acronym);
    const settings: CompanySettingsJson = { style: c.style, links: c.links, logo };
    const row = await trx
      .insertInto('companies')
      .values({ name: c.name, acronym: c.acronym, settings: JSON.stringify(settings), created_at: at(today, -120) })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.set(c.acronym, row.id);
    files.push({ name: logo.slice('/uploads/demo/'.length), content: companyLogoSvg(c) });
  }

  // Users --------------------------------------------------------------------------------
  const userRows = await trx
    .insertInto('users')
    .values(
      DEMO_USERS.map((u, i) => ({
        email: u.email,
        password_hash: passwordHash,
        first_name: u.firstName,
        last_name: u.lastName,
        role: u.role,
        status: 'APPROVED' as const,
        company_id: u.company ? need(companyIds, u.company, 'company') : null,
        created_at: at(today, -90 + i),
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const userIds = new Map(userRows.map((r) => [r.email, r.id]));

  // Sign-ups waiting for an admin: a company with its partner, and an educator. ------------
  {
    const p = DEMO_PENDING_SIGNUPS;
    const { id: companyId } = await trx
      .insertInto('companies')
      .values({
        name: p.company.name,
        acronym: p.company.acronym,
        settings: JSON.stringify({
          style: { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' },
          links: {},
          logo: null,
        }),
        status: 'PENDING',
        language: p.company.language,
        created_at: at(today, -2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = p.company.address;
    await trx
      .insertInto('addresses')
      .values({
        user_id: null,
        company_id: companyId,
        line1: a.line1,
        line2: a.line2,
        city: a.city,
        state: a.state,
        postal_code: a.postalCode,
        country: a.country,
        is_default: true,
      })
      .execute();
    await trx
      .insertInto('users')
      .values([
        {
          email: p.partner.email,
          password_hash: passwordHash,
          first_name: p.partner.firstName,
          last_name: p.partner.lastName,
          role: 'PARTNER',
          status: 'PENDING',
          company_id: companyId,
          language: p.partner.language,
          created_at: at(today, -2),
        },
        {
          email: p.educator.email,
          password_hash: passwordHash,
          first_name: p.educator.firstName,
          last_name: p.educator.lastName,
          role: 'EDUCATOR',
          status: 'PENDING',
          company_id: null,
          language: p.educator.language,
          created_at: at(today, -1),
        },
      ])
      .execute();
  }
  // Invitations into NCAI: three pending, one expired. Their links were never mailed:
  // the tokens are random and only their SHA-256 is stored, as for real invitations.
  const ncaiPartner = need(userIds, 'partner@ncai.halaqa.test', 'user');
  await trx
    .insertInto('invitations')
    .values(
      [
        { email: 'amal.alharbi@ncai.halaqa.test', role: 'LEARNER' as const, days: -1 },
        { email: 'yousef.alotaibi@ncai.halaqa.test', role: 'LEARNER' as const, days: -2 },
        { email: 'dr.huda.alsaud@ncai.halaqa.test', role: 'EDUCATOR' as const, days: -3 },
        { email: 'khalid.alzahrani@ncai.halaqa.test', role: 'LEARNER' as const, days: -10 },
      ].map((i) => ({
        email: i.email,
        role: i.role,
        company_id: need(companyIds, 'NCAI', 'company'),
        invited_by: ncaiPartner,
        token: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
        created_at: at(today, i.days, 10),
      })),
    )
    .execute();

  // Wallet welcome credit: one balanced TOP_UP transaction per learner. -------------------
  for (const u of DEMO_USERS) {
    if (u.walletCreditCents <= 0) continue;
    const createdAt = at(today, -45, 9);
    const tx = await trx
      .insertInto('ledger_transactions')
      .values({ kind: 'TOP_UP', payment_intent_id: null, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = need(userIds, u.email, 'user');
    await trx
      .insertInto('ledger_entries')
      .values([
        {
          transaction_id: tx.id,
          account: 'FUNDING',
          owner_id: null,
          amount_cents: -u.walletCreditCents,
          reason: 'TOP_UP',
          session_id: null,
          description: 'Welcome credit',
          created_at: createdAt,
        },
        {
          transaction_id: tx.id,
          account: 'WALLET',
          owner_id: owner,
          amount_cents: u.walletCreditCents,
          reason: 'TOP_UP',
          session_id: null,
          description: 'Welcome credit',
          created_at: createdAt,
        },
      ])
      .execute();
  }

  return { companies: companyIds, users: userIds };
}
