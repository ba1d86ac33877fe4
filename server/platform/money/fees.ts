/** The platform fee rule (docs/decisions.md "Money"): percent of the price + fixed cents; none on free sessions. */
export interface FeeRule {
  percent: number;
  fixedCents: number;
}

/** A price quote in cents. */
export interface FeeCents {
  priceCents: number;
  feeCents: number;
  totalCents: number;
}

/** Computes fee and total for a price in cents (percent rounded half up to the cent). */
export function quoteCents(priceCents: number, rule: FeeRule): FeeCents {
  if (priceCents <= 0) return { priceCents: 0, feeCents: 0, totalCents: 0 };
  const feeCents = Math.round((priceCents * rule.percent) / 100) + rule.fixedCents;
  return { priceCents, feeCents, totalCents: priceCents + feeCents };
}
