/** Converts integer cents to decimal dollars for the API (docs/decisions.md "Money"). */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;

/**
 * Converts decimal dollars from the API to integer cents.
 * @throws RangeError when the value has more than two decimals or is not finite.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('price must be a finite number');
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) throw new RangeError('price has more than two decimals');
  return cents;
}
