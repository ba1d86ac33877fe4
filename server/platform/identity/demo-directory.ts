import { timingSafeEqual } from 'node:crypto';
import type { FederatedProviderCode } from '../../config.js';

/**
 * The accounts of the built-in development identity provider (README "Single
 * sign-on"): two per enterprise directory, all with the password {@link DIRECTORY_DEMO_PASSWORD}.
 * They live in the provider, not in Halaqa's users table: Halaqa provisions them on first sign-in.
 */
export interface DirectoryAccount {
  directory: FederatedProviderCode;
  /** Also the subject (`sub`) of the account's ID tokens. */
  email: string;
  givenName: string;
  familyName: string;
  /** The `groups` claim: the Halaqa role is the second group if present, else the first (product.md#entities). */
  groups: string[];
}

/** Password of every demo directory account (meets the product.md#validation identity-service policy). */
export const DIRECTORY_DEMO_PASSWORD = 'Halaqa-demo-1';

export const DIRECTORY_ACCOUNTS: readonly DirectoryAccount[] = [
  {
    directory: 'MA',
    email: 'ma.learner@ma.halaqa.test',
    givenName: 'Youssef',
    familyName: 'Alaoui',
    groups: ['LEARNER'],
  },
  {
    directory: 'MA',
    email: 'ma.partner@ma.halaqa.test',
    givenName: 'Nadia',
    familyName: 'Berrada',
    groups: ['USER', 'PARTNER'],
  },
  {
    directory: 'QA',
    email: 'qa.educator@qa.halaqa.test',
    givenName: 'Khalid',
    familyName: 'Al-Thani',
    groups: ['USER', 'EDUCATOR'],
  },
  {
    directory: 'QA',
    email: 'qa.learner@qa.halaqa.test',
    givenName: 'Mariam',
    familyName: 'Al-Mannai',
    groups: ['LEARNER'],
  },
];

/** The directory's account with this e-mail (case-insensitive), or undefined. */
export function findDirectoryAccount(directory: FederatedProviderCode, email: string): DirectoryAccount | undefined {
  const wanted = email.trim().toLowerCase();
  return DIRECTORY_ACCOUNTS.find((a) => a.directory === directory && a.email === wanted);
}

/**
 * Checks a demo directory sign-in. The password comparison takes the same time whatever the
 * e-mail (no probing by timing). @returns the account, or null for a wrong e-mail or password.
 */
export function checkDirectoryPassword(
  directory: FederatedProviderCode,
  email: string,
  password: string,
): DirectoryAccount | null {
  const account = findDirectoryAccount(directory, email);
  const given = Buffer.from(password.padEnd(64).slice(0, 64));
  const expected = Buffer.from(DIRECTORY_DEMO_PASSWORD.padEnd(64));
  const same = timingSafeEqual(given, expected) && password === DIRECTORY_DEMO_PASSWORD;
  return account && same ? account : null;
}
