/**
 * The wallet top-up's amounts, shared by the server (its checks), the SPA (its form) and a test that
 * holds them equal to the contract's `TopUpRequest.amount` bounds (docs/decisions.md "Wallet
 * top-ups"). Integer US cents.
 */

/** The smallest top-up: $1.00 (Stripe's own minimum charge is $0.50). */
export const TOP_UP_MIN_CENTS = 100;
/** The largest top-up: $1,000.00 (one card charge; more takes several top-ups, or pay the session by card). */
export const TOP_UP_MAX_CENTS = 100_000;
/** The amounts the wallet page offers in one click: $20, $50, $100, $200. */
export const TOP_UP_PRESETS_CENTS = [2_000, 5_000, 10_000, 20_000] as const;

/**
 * The top-up that covers a shortfall of `missingCents`: the shortfall itself, raised to the
 * minimum and capped at the maximum (a larger shortfall takes more than one top-up).
 */
export function topUpFor(missingCents: number): number {
  return Math.min(TOP_UP_MAX_CENTS, Math.max(TOP_UP_MIN_CENTS, Math.ceil(missingCents)));
}
