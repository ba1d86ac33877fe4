import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from '../../openapi/bank-details.js';
import { t, req, useTestApp } from './card-payments-setup.js';

useTestApp();

const URL = '/api/payments/accounts/external-account';
/** Every stored bank-account row, as text: no full account number may be in it. */
const storedRows = async () => JSON.stringify(await t.db.selectFrom('external_accounts').selectAll().execute());

describe('payout bank details', () => {
  it('checks the ABA routing checksum', () => {
    expect(isValidRoutingNumber('110000000')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('110000001')).toBe(false);
    expect(isValidRoutingNumber('11000000')).toBe(false);
  });

  it('takes an IBAN (spaces and lower case allowed) and keeps only its last four digits', async () => {
    const edu = await t.tokenFor('educator4@halaqa.test');
    const res = await req('POST', URL, edu, {
      accountHolderName: '  Layla Haddad ',
      country: 'DE',
      iban: 'de89 3704 0044 0532 0130 00',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ last4: '3000', country: 'DE', currency: 'USD', status: 'verified' });
    const read = await req('GET', URL, edu);
    for (const answer of [JSON.stringify(res.body), JSON.stringify(read.body), await storedRows()]) {
      expect(answer).not.toContain('0532013000');
      expect(answer).not.toContain('370400440532');
    }
  });

  it('refuses a bad IBAN, an IBAN of another country and missing fields with 400 naming the field, storing nothing', async () => {
    const edu = await t.tokenFor('educator5@halaqa.test');
    const cases: [Record<string, string>, string][] = [
      [{ country: 'DE', iban: 'DE89370400440532013001X' }, 'iban'],
      [{ country: 'DE', iban: 'DE00370400440532013000' }, 'iban'],
      [{ country: 'FR', iban: 'DE89370400440532013000' }, 'iban'],
      [{ country: 'DE' }, 'iban'],
      [{ country: 'DE', iban: 'DE89370400440532013000', routingNumber: '110000000' }, 'routingNumber'],
      [{ country: 'US', routingNumber: '110000001', accountNumber: '000123456789' }, 'routingNumber'],
      [{ country: 'US', accountNumber: '000123456789' }, 'routingNumber'],
      [{ country: 'US', routingNumber: '110000000' }, 'accountNumber'],
      [{ country: 'US', iban: 'DE89370400440532013000' }, 'iban'],
    ];
    const before = await storedRows();
    for (const [fields, path] of cases) {
      const res = await req('POST', URL, edu, { accountHolderName: 'Omar Said', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const blank = await req('POST', URL, edu, {
      accountHolderName: '   ',
      country: 'DE',
      iban: 'DE89370400440532013000',
    });
    expect(blank.status).toBe(400);
    expect(await storedRows()).toBe(before);
    expect((await req('GET', URL, edu)).status).toBe(404);
  });

  it('takes US routing and account numbers and answers only the last four digits', async () => {
    const edu = await t.tokenFor('educator@halaqa.test');
    const res = await req('POST', URL, edu, {
      accountHolderName: 'Jenny Rosen',
      country: 'US',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ last4: '6789', country: 'US' });
    for (const answer of [JSON.stringify(res.body), await storedRows()]) expect(answer).not.toContain('00012345');
  });
});
