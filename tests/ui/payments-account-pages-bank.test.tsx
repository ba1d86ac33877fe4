import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { BankAccountPage, type BankAccountData } from '@/features/payments/bank-account-page';
import { ApiError } from '@/lib/api/client';
import { json } from '../machines/fetch-mock';
import {} from './payments-fixtures';
import { renderWithRouter } from './render';
import { apiWith, bodies, sandbox } from './payments-account-pages-shared';

describe('bank account page (educators)', () => {
  const earnings = { currency: 'USD' as const, pending: 420, payable: 149, paidOut: 298, payouts: [] };
  const account = {
    id: 'ba_1',
    bankName: 'STRIPE TEST BANK',
    last4: '6789',
    country: 'US',
    currency: 'USD' as const,
    status: 'verified' as const,
  };
  /** A paid payout of $149 to bank account ba_1, as POST /payments/payouts answers it. */
  const payout = (id: string, createdAt: string) => ({
    id,
    amount: 14900,
    status: 'paid',
    externalAccountId: 'ba_1',
    createdAt,
  });
  /**
   * Renders the page with the sandbox config: no bank account and `earnings` unless `parts` says
   * otherwise, and a toaster when `onChanged` is given (the pages that report a saved change).
   */
  const renderPage = (
    api: ReturnType<typeof apiWith>['api'],
    parts: Partial<BankAccountData> = {},
    onChanged?: () => void,
  ) => {
    const data: BankAccountData = {
      account: { ok: true, data: null },
      earnings: { ok: true, data: earnings },
      config: sandbox,
      ...parts,
    };
    const page = <BankAccountPage data={data} api={api} onChanged={onChanged ?? (() => {})} />;
    return renderWithRouter(
      onChanged ? (
        <>
          {page}
          <Toaster />
        </>
      ) : (
        page
      ),
    );
  };

  it('adds a bank account from an IBAN, sending the details and showing only the last four digits', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/payments/accounts/external-account': () =>
        json(201, { data: { ...account, country: 'DE', last4: '3000' } }),
    });
    await renderPage(api, {}, onChanged);
    expect(screen.getByText('No bank account yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay out $149' })).toBeDisabled(); // no bank account yet
    fireEvent.input(screen.getByRole('textbox', { name: /Account holder name/ }), {
      target: { value: 'Layla Haddad' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Bank country/ }), { target: { value: 'DE' } });
    expect(screen.queryByRole('textbox', { name: /Routing number/ })).toBeNull();
    fireEvent.input(screen.getByRole('textbox', { name: /IBAN/ }), {
      target: { value: 'DE89 3704 0044 0532 0130 00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await screen.findByText('Bank account saved: ending in 3000');
    expect(bodies(mock, 'POST', '/api/payments/accounts/external-account').map((c) => c.body)).toEqual([
      { accountHolderName: 'Layla Haddad', country: 'DE', iban: 'DE89 3704 0044 0532 0130 00' },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('refuses a bad IBAN and a bad routing number before sending, naming the field', async () => {
    const { mock, api } = apiWith({});
    await renderPage(api);
    fireEvent.input(screen.getByRole('textbox', { name: /Account holder name/ }), { target: { value: 'Jenny Rosen' } });
    const routing = screen.getByRole('textbox', { name: /Routing number/ });
    fireEvent.input(routing, { target: { value: '110000001' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Account number/ }), { target: { value: '000123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Enter a valid 9-digit US routing number.')).toBeInTheDocument();
    expect(routing).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByRole('combobox', { name: /Bank country/ }), { target: { value: 'FR' } });
    fireEvent.input(screen.getByRole('textbox', { name: /IBAN/ }), { target: { value: 'DE89370400440532013000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Enter a valid IBAN of the chosen country.')).toBeInTheDocument();
    expect(bodies(mock, 'POST', '/api/payments/accounts/external-account')).toEqual([]);
  });

  it("shows the server's refusal of a field under it", async () => {
    const { api } = apiWith({
      'POST /api/payments/accounts/external-account': () =>
        json(422, {
          message: 'The bank account details do not match an account.',
          errors: [{ path: 'accountNumber', message: 'The bank account details do not match an account.' }],
        }),
    });
    await renderPage(api);
    fireEvent.input(screen.getByRole('textbox', { name: /Account holder name/ }), { target: { value: 'Jenny Rosen' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Routing number/ }), { target: { value: '110000000' } });
    const number = screen.getByRole('textbox', { name: /Account number/ });
    fireEvent.input(number, { target: { value: '000111111116' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await screen.findByText('The bank account details do not match an account.');
    expect(number).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the account, the earnings and pays out with an Idempotency-Key', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/payments/payouts': () => json(201, { data: payout('po_1', '2031-05-01T10:00:00Z') }),
    });
    await renderPage(
      api,
      {
        account: { ok: true, data: account },
        earnings: {
          ok: true,
          data: {
            ...earnings,
            payouts: [
              {
                id: 'po_0',
                amount: 29800,
                status: 'paid',
                externalAccountId: 'ba_1',
                createdAt: '2031-02-01T10:00:00Z',
              },
            ],
          },
        },
      },
      onChanged,
    );
    expect(screen.getByText('STRIPE TEST BANK ending in 6789')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('$420')).toBeInTheDocument();
    expect(screen.getAllByText('$298')).toHaveLength(2); // paid out in total, and the one payout
    expect(screen.getByText('po_0')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay out $149' }));
    await screen.findByText('Payout sent: $149');
    const [call] = bodies(mock, 'POST', '/api/payments/payouts');
    expect(call!.key).toMatch(/.{8,}/);
  });

  it('a payout with no answer is retried with the same Idempotency-Key; a refused one is not', async () => {
    const onChanged = vi.fn();
    const answers = [
      () => json(503, { message: 'Gateway unavailable' }),
      () => json(201, { data: payout('po_1', '2031-05-01T10:00:00Z') }),
      () => json(422, { message: 'Nothing is ready to pay out' }),
      () => json(201, { data: payout('po_2', '2031-05-02T10:00:00Z') }),
    ];
    const { mock, api } = apiWith({ 'POST /api/payments/payouts': () => answers.shift()!() });
    await renderPage(api, { account: { ok: true, data: account } }, onChanged);
    const payOut = () => fireEvent.click(screen.getByRole('button', { name: 'Pay out $149' }));
    payOut();
    expect(within(await screen.findByRole('alert')).getByText('Gateway unavailable')).toBeInTheDocument();
    payOut();
    await screen.findByText('Payout sent: $149');
    payOut();
    expect(within(await screen.findByRole('alert')).getByText('Nothing is ready to pay out')).toBeInTheDocument();
    payOut();
    await waitFor(() => expect(bodies(mock, 'POST', '/api/payments/payouts')).toHaveLength(4));
    const keys = bodies(mock, 'POST', '/api/payments/payouts').map((c) => c.key);
    expect(keys[1]).toBe(keys[0]); // the unknown outcome is resent with its key
    expect(keys[2]).not.toBe(keys[1]); // a new payout, a new key
    expect(keys[3]).not.toBe(keys[2]); // after a refusal, a new key
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('each section shows its own failure with the reason', async () => {
    const { api } = apiWith({});
    await renderPage(api, { earnings: { ok: false, error: new ApiError(500, { message: 'Ledger unavailable' }) } });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Your earnings could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('Ledger unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save bank account' })).toBeInTheDocument();
  });
});
