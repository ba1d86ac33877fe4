import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';

/**
 * The bank-detail rules both sides run (docs/decisions.md "Payouts", bank details): the server
 * refuses with them (400 naming the field), the SPA's form says the same before sending.
 */

/** The countries whose payout accounts are entered as an IBAN (the IBAN registry's, by ibantools), by code. */
export const IBAN_COUNTRIES: readonly string[] = Object.entries(getCountrySpecifications())
  .filter(([, spec]) => spec.IBANRegistry)
  .map(([code]) => code);

/**
 * Whether a 9-digit US routing number passes the ABA checksum:
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
 */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^[0-9]{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/**
 * An IBAN in its electronic form (no spaces, upper case) when it is valid (checksum and the
 * country's format, by ibantools) and of `country`; else null.
 */
export function checkedIban(iban: string, country: string): string | null {
  const electronic = electronicFormatIBAN(iban);
  if (!electronic || !isValidIBAN(electronic) || electronic.slice(0, 2) !== country) return null;
  return electronic;
}
