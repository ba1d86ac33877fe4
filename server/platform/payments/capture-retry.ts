import type { PaymentGateway } from './gateway.js';

/** A succeeded authorization whose capture did not go through: its row id, gateway reference and amount (cents). */
export interface StrandedCapture {
  id: string;
  gateway_ref: string | null;
  amount_cents: number;
}

/**
 * Captures each of `rows` at the gateway with its idempotency key (`keyOf(id)`, so a retry never
 * charges twice) and, once captured, records it (`markCaptured(id)`). A row the gateway still
 * refuses or cannot reach is left for the next pass. Used by the periodic jobs for card payments
 * and wallet top-ups. @returns how many were captured.
 */
export async function captureStranded(
  gateway: PaymentGateway,
  rows: readonly StrandedCapture[],
  keyOf: (id: string) => string,
  markCaptured: (id: string) => Promise<unknown>,
): Promise<number> {
  let n = 0;
  for (const r of rows) {
    try {
      await gateway.capture({ gatewayRef: r.gateway_ref!, amountCents: r.amount_cents, idempotencyKey: keyOf(r.id) });
      await markCaptured(r.id);
      n++;
    } catch {
      // The gateway is still unreachable: the next pass tries again.
    }
  }
  return n;
}
