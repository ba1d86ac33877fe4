import { Temporal } from 'temporal-polyfill';

/**
 * The refund policy's numbers, settings of the server (REFUND_PARTIAL_PERCENT, REFUND_PARTIAL_DAYS;
 * decisions.md "Cancelling and refunds").
 */
export interface RefundPolicy {
  /** Percent (0–100) of the price given back from the session's first day on, during `partialDays`. */
  partialPercent: number;
  /** Days (from the first day, that day included) during which `partialPercent` applies. */
  partialDays: number;
}

/** Which part of the policy applies: everything back, a share of the price, or nothing. */
export type RefundStage = 'FULL' | 'PARTIAL' | 'NONE';

/** What a cancellation gives back, in integer US cents: `amountCents` = `priceCents` + `feeCents`. */
export interface RefundAmount {
  stage: RefundStage;
  /** The share of the price given back, 0–100. */
  percent: number;
  amountCents: number;
  /** the part taken back from the educator's earnings */
  priceCents: number;
  /** the part taken back from the platform's fees */
  feeCents: number;
  /** The last day ('YYYY-MM-DD', the session's time zone) of the share, or null once nothing is due. */
  partialUntil: string | null;
}

/**
 * THE refund rule, the only one (the learner's cancellation, the dialog's quote and the cancellation
 * of a deleted or rejected account all ask it):
 * - before the session's first day (in its time zone): everything paid, price and platform fee;
 * - from the first day and for `partialDays` days: `partialPercent` % of the price (rounded half up
 *   to the cent), the fee kept;
 * - later: nothing.
 * `paid` is what the learner paid, split as the payment was (price + fee, cents); `startDate` and
 * `today` are 'YYYY-MM-DD' in the session's time zone. Pure: no clock, no database.
 */
export function refundFor(
  policy: RefundPolicy,
  paid: { priceCents: number; feeCents: number },
  startDate: string,
  today: string,
): RefundAmount {
  const start = Temporal.PlainDate.from(startDate);
  const lastPartialDay = start.add({ days: policy.partialDays - 1 }).toString();
  if (today < startDate) {
    return {
      stage: 'FULL',
      percent: 100,
      amountCents: paid.priceCents + paid.feeCents,
      priceCents: paid.priceCents,
      feeCents: paid.feeCents,
      partialUntil: policy.partialDays > 0 ? lastPartialDay : null,
    };
  }
  if (policy.partialDays > 0 && today <= lastPartialDay && policy.partialPercent > 0) {
    const priceCents = Math.round((paid.priceCents * policy.partialPercent) / 100);
    return {
      stage: 'PARTIAL',
      percent: policy.partialPercent,
      amountCents: priceCents,
      priceCents,
      feeCents: 0,
      partialUntil: lastPartialDay,
    };
  }
  return { stage: 'NONE', percent: 0, amountCents: 0, priceCents: 0, feeCents: 0, partialUntil: null };
}
