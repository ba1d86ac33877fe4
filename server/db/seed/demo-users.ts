import type { CompanySettingsJson, Role } from '../types.js';

/**
 * Demo companies and accounts loaded on first start. Every account signs in with `DEMO_PASSWORD`
 * and is APPROVED. Learner accounts (role LEARNER) get a welcome wallet credit (`walletCreditCents`).
 */

/** The password of every demo account (meets the product.md#validation password policy). */
export const DEMO_PASSWORD = 'Halaqa-demo-1';

/** Acronyms of the demo companies (product.md#overview "Company codes seen"). */
export type CompanyAcronym = 'NCAI' | 'MOROCCO' | 'QAD';

/** A demo company; `settings.logo` is filled by the seed with `/uploads/demo/logo-<acronym lower>.svg`. */
export interface DemoCompany {
  acronym: CompanyAcronym;
  name: string;
  style: CompanySettingsJson['style'];
  links: { website: string; support: string };
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    acronym: 'NCAI',
    name: 'National Center for AI',
    style: { primaryColor: '#0F4C81', secondaryColor: '#00A39B', tertiaryColor: '#E8A300' },
    links: { website: 'https://ncai.halaqa.test', support: 'https://ncai.halaqa.test/support' },
  },
  {
    acronym: 'MOROCCO',
    name: 'Morocco Digital Academy',
    style: { primaryColor: '#B3202A', secondaryColor: '#006233', tertiaryColor: '#D4A017' },
    links: { website: 'https://morocco.halaqa.test', support: 'https://morocco.halaqa.test/aide' },
  },
  {
    acronym: 'QAD',
    name: 'Qatar Academy of Digital',
    style: { primaryColor: '#8A1538', secondaryColor: '#1B365D', tertiaryColor: '#C9A227' },
    links: { website: 'https://qad.halaqa.test', support: 'https://qad.halaqa.test/help' },
  },
];

/** A demo account. `company` is the acronym of the company the user belongs to, if any. */
export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: CompanyAcronym | null;
  /** Welcome wallet credit in cents (learners only). */
  walletCreditCents: number;
}

function user(
  email: string,
  firstName: string,
  lastName: string,
  role: Role,
  company: CompanyAcronym | null = null,
): DemoUser {
  const walletCreditCents = role !== 'LEARNER' ? 0 : email === 'learner@halaqa.test' ? 50_000 : 20_000;
  return { email, firstName, lastName, role, company, walletCreditCents };
}

const EXTRA_LEARNER_NAMES: readonly [string, string][] = [
  ['Maya', 'Chen'],
  ['Karim', 'Nasser'],
  ['Emily', 'Johnson'],
  ['Hassan', 'Idrissi'],
  ['Priya', 'Raman'],
  ['Zaid', 'Khoury'],
  ['Olivia', 'Brown'],
  ['Yasmin', 'Farah'],
  ['Lucas', 'Martin'],
  ['Fatima Zahra', 'Alaoui'],
  ['Ahmed', 'Mostafa'],
  ['Grace', 'Lee'],
  ['Tariq', 'Hamdan'],
  ['Sofia', 'Rossi'],
  ['Rania', 'Khalil'],
];

/**
 * QAD's other learners: with learner@qad.halaqa.test they attend QAD's private
 * course and Cybersecurity Essentials, so the attendance analytics page has figures on a fresh start.
 */
export const QAD_LEARNERS: readonly [email: string, first: string, last: string][] = [
  ['learner2@qad.halaqa.test', 'Khalid', 'Al-Marri'],
  ['learner3@qad.halaqa.test', 'Maryam', 'Al-Thani'],
  ['learner4@qad.halaqa.test', 'Yousef', 'Al-Emadi'],
];

/** Email of the n-th extra demo learner (1..15). */
export const extraLearner = (n: number): string => `learner${n}@halaqa.test`;

/** Every demo account, in insertion order. */
export const DEMO_USERS: readonly DemoUser[] = [
  user('superadmin@halaqa.test', 'Nadia', 'Benali', 'SUPER_ADMIN'),
  user('admin@halaqa.test', 'Omar', 'Saeed', 'ADMIN'),
  user('educator@halaqa.test', 'Amina', 'Haddad', 'EDUCATOR'),
  user('learner@halaqa.test', 'Lina', 'Kassem', 'LEARNER'),
  user('user@halaqa.test', 'Sam', 'Taylor', 'USER'),
  user('educator2@halaqa.test', 'Youssef', 'El Amrani', 'EDUCATOR'),
  user('educator3@halaqa.test', 'Layla', 'Al-Mansouri', 'EDUCATOR'),
  user('educator4@halaqa.test', 'Daniel', 'Okafor', 'EDUCATOR'),
  user('educator5@halaqa.test', 'Sarah', 'Mitchell', 'EDUCATOR'),
  user('partner@ncai.halaqa.test', 'Faisal', 'Al-Qahtani', 'PARTNER', 'NCAI'),
  user('learner@ncai.halaqa.test', 'Noura', 'Al-Harbi', 'LEARNER', 'NCAI'),
  user('partner@morocco.halaqa.test', 'Salma', 'Bennani', 'PARTNER', 'MOROCCO'),
  user('learner@morocco.halaqa.test', 'Mehdi', 'Tazi', 'LEARNER', 'MOROCCO'),
  user('partner@qad.halaqa.test', 'Hamad', 'Al-Kuwari', 'PARTNER', 'QAD'),
  user('learner@qad.halaqa.test', 'Aisha', 'Al-Sulaiti', 'LEARNER', 'QAD'),
  ...QAD_LEARNERS.map(([email, first, last]) => user(email, first, last, 'LEARNER', 'QAD')),
  ...EXTRA_LEARNER_NAMES.map(([first, last], i) => user(extraLearner(i + 1), first, last, 'LEARNER')),
];

/** Emails of the demo educators, who own the demo courses. */
export type EducatorEmail =
  | 'educator@halaqa.test'
  | 'educator2@halaqa.test'
  | 'educator3@halaqa.test'
  | 'educator4@halaqa.test'
  | 'educator5@halaqa.test';

/**
 * Sign-ups waiting for an admin, so the admin's lists have something to decide on:
 * a company that signed up (PENDING, with its address) with its PENDING partner, and a PENDING
 * educator. Both sign in with `DEMO_PASSWORD`; they are not in {@link DEMO_USERS} (which are all
 * APPROVED).
 */
export const DEMO_PENDING_SIGNUPS = {
  company: {
    name: 'Gulf Data Academy',
    acronym: 'GDA',
    language: 'ar' as const,
    address: { line1: '12 Corniche Road', line2: null, city: 'Doha', state: null, postalCode: '00974', country: 'QA' },
  },
  partner: { email: 'partner@gda.halaqa.test', firstName: 'Mariam', lastName: 'Al-Saleh', language: 'ar' as const },
  educator: { email: 'pending.educator@halaqa.test', firstName: 'Karim', lastName: 'Nasser', language: 'en' as const },
};
