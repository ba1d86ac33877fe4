import { checkedIban, isValidRoutingNumber } from '../../../openapi/bank-details.js';
import { badRequest } from '../../platform/errors.js';
import type { BankDetails } from '../../platform/payments/gateway.js';

/** The contract's BankAccountRequest (shapes checked by the contract already). */
export interface BankAccountInput {
  accountHolderName: string;
  country: string;
  iban?: string;
  routingNumber?: string;
  accountNumber?: string;
}

/**
 * Checks an educator's bank details (docs/decisions.md "Payouts", bank details): for `country` US a
 * routing number passing the ABA checksum and an account number, no IBAN; elsewhere an IBAN
 * (spaces and lower case allowed) valid by its checksum and format (ibantools) and of that
 * country, no US numbers.
 * @returns the details in the gateway's form (IBAN in its electronic form, holder name trimmed)
 * @throws 400 naming the first field that is missing, not expected, or invalid
 */
export function checkBankDetails(input: BankAccountInput): BankDetails {
  const refuse = (path: string, message: string) => badRequest('Some fields are invalid', [{ path, message }]);
  const accountHolderName = input.accountHolderName.trim();
  if (!accountHolderName) throw refuse('accountHolderName', 'is required');
  if (input.country === 'US') {
    if (input.iban) throw refuse('iban', 'is not used for US accounts: enter the routing and account numbers');
    if (!input.routingNumber) throw refuse('routingNumber', 'is required for a US account');
    if (!isValidRoutingNumber(input.routingNumber)) throw refuse('routingNumber', 'is not a valid US routing number');
    if (!input.accountNumber) throw refuse('accountNumber', 'is required for a US account');
    return {
      kind: 'us',
      accountHolderName,
      country: 'US',
      routingNumber: input.routingNumber,
      accountNumber: input.accountNumber,
    };
  }
  if (input.routingNumber) throw refuse('routingNumber', 'is only used for US accounts');
  if (input.accountNumber) throw refuse('accountNumber', 'is only used for US accounts');
  if (!input.iban) throw refuse('iban', 'is required');
  const iban = checkedIban(input.iban, input.country);
  if (!iban) throw refuse('iban', `is not a valid IBAN of ${input.country}`);
  return { kind: 'iban', accountHolderName, country: input.country, iban };
}
