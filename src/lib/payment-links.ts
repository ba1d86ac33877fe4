import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@/lib/auth/roles';

/** The account pages of the payments area. */
export type PaymentLinkPath =
  | '/account/profile'
  | '/account/password'
  | '/account/wallet'
  | '/account/payment-methods'
  | '/account/bank-account'
  | '/account/addresses'
  | '/account/learning-goals';

export interface PaymentLink {
  to: PaymentLinkPath;
  /** Translate with `t(label)` / `i18n._(label)`. */
  label: MessageDescriptor;
  /** Icon name; `PaymentLinkIcon` (payment-link-icon.tsx) draws it. */
  icon: 'profile' | 'password' | 'wallet' | 'card' | 'bank' | 'address' | 'goal';
}

const profile: PaymentLink = { to: '/account/profile', label: msg`Profile`, icon: 'profile' };
const password: PaymentLink = { to: '/account/password', label: msg`Password`, icon: 'password' };
const wallet: PaymentLink = { to: '/account/wallet', label: msg`Wallet`, icon: 'wallet' };
const paymentMethods: PaymentLink = { to: '/account/payment-methods', label: msg`Payment methods`, icon: 'card' };
const bankAccount: PaymentLink = { to: '/account/bank-account', label: msg`Bank account and payouts`, icon: 'bank' };
const addresses: PaymentLink = { to: '/account/addresses', label: msg`Addresses`, icon: 'address' };
const learningGoals: PaymentLink = { to: '/account/learning-goals', label: msg`Learning goals`, icon: 'goal' };

/**
 * The account pages a role may open (for the account menu and the account pages' own
 * navigation): everyone → Profile and Password, then learners and generic users →
 * Wallet, Payment methods, Addresses, Learning goals; educators → Bank account and payouts, Addresses; every
 * other signed-in role → Addresses.
 */
export function paymentLinks(role: Role): PaymentLink[] {
  if (role === 'LEARNER' || role === 'USER')
    return [profile, password, wallet, paymentMethods, addresses, learningGoals];
  if (role === 'EDUCATOR') return [profile, password, bankAccount, addresses];
  return [profile, password, addresses];
}
