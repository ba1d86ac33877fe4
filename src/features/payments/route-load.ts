import { redirect } from '@tanstack/react-router';
import { loginHref } from '@/features/auth/guards';
import { loadData } from '@/features/layout/route-data';
import { ApiError } from '@/lib/api/client';
import type { GatewayConfig } from '../../../machines/checkout.machine';
import type { Settled } from './load';

/**
 * `loadData` for a protected page's loader: a 401 (the token was refused; the auth actor has
 * logged out) becomes a redirect to /login and back to `href`; other failures throw for the
 * route's errorComponent.
 */
export async function loadSignedIn<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
  href: string,
): Promise<T> {
  try {
    return await loadData(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect({ href: loginHref(href) });
    throw error;
  }
}

/** Rethrows a settled section's 401 as the sign-in redirect (the other failures stay in the section). */
export function signInOn401(results: Array<Settled<unknown>>, href: string): void {
  if (results.some((r) => !r.ok && r.error.status === 401)) throw redirect({ href: loginHref(href) });
}

/** `GET /payments/config` mapped onto the checkout's `GatewayConfig`. */
export function toGatewayConfig(config: {
  gateway: 'sandbox' | 'stripe';
  publishableKey: string | null;
  holdMinutes: number;
  testCards: GatewayConfig['testCards'];
}): GatewayConfig {
  return { gateway: config.gateway, publishableKey: config.publishableKey, holdMinutes: config.holdMinutes, testCards: config.testCards };
}
