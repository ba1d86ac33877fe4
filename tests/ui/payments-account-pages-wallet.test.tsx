import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { AddressesPage } from '@/features/payments/addresses-page';
import { BankAccountPage, type BankAccountData } from '@/features/payments/bank-account-page';
import { paymentLinks } from '../../src/lib/payment-links';
import { PaymentMethodsPage } from '@/features/payments/payment-methods-page';
import { WalletPage } from '@/features/payments/wallet-page';
import { ApiError, createApi } from '@/lib/api/client';
import type { GatewayConfig } from '@machines/checkout.machine';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { card, config } from './payments-fixtures';
import { renderWithRouter } from './render';

function apiWith(routes: Record<string, Handler>) {
  const mock = mockFetch(routes);
  return { mock, api: createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch }) };
}

const sandbox = { ok: true as const, data: config as GatewayConfig };
const bodies = (mock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  mock.calls
    .filter((c) => c.method === method && c.path === path)
    .map((c) => ({ body: c.body ? JSON.parse(c.body) : null, key: c.headers.get('Idempotency-Key') }));

describe('paymentLinks(role)', () => {
  it('offers profile and password to everyone, wallet and cards to learners, the bank account to educators, addresses to everyone, learning goals to learners', () => {
    const paths = (role: Parameters<typeof paymentLinks>[0]) => paymentLinks(role).map((l) => l.to);
    const own = ['/account/profile', '/account/password'];
    expect(paths('LEARNER')).toEqual([
      ...own,
      '/account/wallet',
      '/account/payment-methods',
      '/account/addresses',
      '/account/learning-goals',
    ]);
    expect(paths('USER')).toEqual([
      ...own,
      '/account/wallet',
      '/account/payment-methods',
      '/account/addresses',
      '/account/learning-goals',
    ]);
    expect(paths('EDUCATOR')).toEqual([...own, '/account/bank-account', '/account/addresses']);
    expect(paths('PARTNER')).toEqual([...own, '/account/addresses']);
    expect(paths('ADMIN')).toEqual([...own, '/account/addresses']);
  });
});

describe('wallet page', () => {
  it('shows the balance and movements with dates, reasons and signed amounts', async () => {
    await renderWithRouter(
      <WalletPage
        wallet={{
          balance: 43.05,
          currency: 'USD',
          entries: [
            {
              id: 2,
              amount: -15695,
              reason: 'PAYMENT',
              sessionId: 41,
              description: 'Modern web apps with React',
              createdAt: '2031-03-01T10:00:00Z',
            },
            {
              id: 1,
              amount: 20000,
              reason: 'TOP_UP',
              sessionId: null,
              description: 'Welcome credit',
              createdAt: '2031-02-01T09:00:00Z',
            },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('$43.05');
    const region = screen.getByRole('region', { name: 'Movements' });
    const items = within(within(region).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Payment')).toBeInTheDocument();
    expect(within(items[0]!).getByText('-$156.95')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'View the session' })).toHaveAttribute('href', '/sessions/41');
    expect(within(items[1]!).getByText('Top-up')).toBeInTheDocument();
    expect(within(items[1]!).getByText('+$200')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/2031/)).toBeInTheDocument();
  });

  it('an empty ledger shows the empty state', async () => {
    await renderWithRouter(<WalletPage wallet={{ balance: 0, currency: 'USD', entries: [] }} />);
    expect(screen.getByText('No movements yet')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('$0');
  });
});

describe('payment methods page', () => {
  const cards = [card('pm_b', '0005'), card('pm_a', '4242', true)];

  it('lists the cards default first, makes one the default and removes one after confirming', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'PUT /api/payments/cards/pm_b/default': () => json(200, { data: { ...card('pm_b', '0005', true) } }),
      'DELETE /api/payments/cards/pm_b': () => json(200, { data: { id: 'pm_b' } }),
    });
    await renderWithRouter(
      <>
        <PaymentMethodsPage data={{ cards, config: sandbox }} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
    );
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual(['Visa ending in 4242', 'Visa ending in 0005']);
    expect(within(articles[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(articles[0]!).getByText('Expires 12/34')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Make default: Visa ending in 0005' }));
    await screen.findByText('Default card changed');
    expect(onChanged).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Visa ending in 0005' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this card?' });
    expect(within(dialog).getByText('Visa ending in 0005 will no longer be offered at checkout.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await screen.findByText('Card removed');
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/payments/cards/pm_b/default',
      'DELETE /api/payments/cards/pm_b',
    ]);
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('adds a sandbox test card; a refused card shows the reason (product.md#states add payment method)', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/payments/cards': (_req, n) =>
        n === 1 ? json(422, { message: 'Your card was refused.' }) : json(201, { data: card('pm_new', '4242') }),
    });
    await renderWithRouter(
      <>
        <PaymentMethodsPage data={{ cards: [], config: sandbox }} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('No saved cards yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Visa ending in 3220/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This card was refused')).toBeInTheDocument();
    expect(within(alert).getByText('Your card was refused.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await screen.findByText('Card added: Visa ending in 4242');
    expect(bodies(mock, 'POST', '/api/payments/cards').map((c) => c.body)).toEqual([
      { source: 'tok_threeDSecure2Required' },
      { source: 'tok_threeDSecure2Required' },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('with the Stripe gateway the card entry is the Stripe Elements boundary', async () => {
    const { api } = apiWith({});
    await renderWithRouter(
      <PaymentMethodsPage
        data={{
          cards: [],
          config: { ok: true, data: { gateway: 'stripe', publishableKey: 'pk_test', holdMinutes: 15, testCards: [] } },
        }}
        api={api}
        onChanged={() => {}}
      />,
    );
    expect(screen.getByText('Card entry is not available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).not.toBeInTheDocument();
  });
});

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

  it('adds a bank account with the sandbox token', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/payments/accounts/external-account': () => json(201, { data: account }),
    });
    const data: BankAccountData = {
      account: { ok: true, data: null },
      earnings: { ok: true, data: earnings },
      config: sandbox,
    };
    await renderWithRouter(
      <>
        <BankAccountPage data={data} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('No bank account yet')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Bank account token/ }) as HTMLInputElement;
    expect(field.value).toBe('btok_us_verified');
    expect(screen.getByRole('button', { name: 'Pay out $149' })).toBeDisabled(); // no bank account yet
    expect(screen.getByText('Add a bank account to receive payouts.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await screen.findByText('Bank account saved: STRIPE TEST BANK ending in 6789');
    expect(bodies(mock, 'POST', '/api/payments/accounts/external-account').map((c) => c.body)).toEqual([
      { external_account: 'btok_us_verified' },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('a refused token shows the reason on the field', async () => {
    const { api } = apiWith({
      'POST /api/payments/accounts/external-account': () =>
        json(422, {
          message: 'The bank account was refused',
          errors: [{ path: 'external_account', message: 'is not a bank account token' }],
        }),
    });
    const data: BankAccountData = {
      account: { ok: true, data: null },
      earnings: { ok: true, data: earnings },
      config: sandbox,
    };
    await renderWithRouter(<BankAccountPage data={data} api={api} onChanged={() => {}} />);
    const field = screen.getByRole('textbox', { name: /Bank account token/ });
    fireEvent.input(field, { target: { value: 'tok_visa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await screen.findByText('is not a bank account token');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the account, the earnings and pays out with an Idempotency-Key', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/payments/payouts': () =>
        json(201, {
          data: {
            id: 'po_1',
            amount: 14900,
            status: 'paid',
            externalAccountId: 'ba_1',
            createdAt: '2031-05-01T10:00:00Z',
          },
        }),
    });
    const data: BankAccountData = {
      account: { ok: true, data: account },
      earnings: {
        ok: true,
        data: {
          ...earnings,
          payouts: [
            { id: 'po_0', amount: 29800, status: 'paid', externalAccountId: 'ba_1', createdAt: '2031-02-01T10:00:00Z' },
          ],
        },
      },
      config: sandbox,
    };
    await renderWithRouter(
      <>
        <BankAccountPage data={data} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
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
      () =>
        json(201, {
          data: {
            id: 'po_1',
            amount: 14900,
            status: 'paid',
            externalAccountId: 'ba_1',
            createdAt: '2031-05-01T10:00:00Z',
          },
        }),
      () => json(422, { message: 'Nothing is ready to pay out' }),
      () =>
        json(201, {
          data: {
            id: 'po_2',
            amount: 14900,
            status: 'paid',
            externalAccountId: 'ba_1',
            createdAt: '2031-05-02T10:00:00Z',
          },
        }),
    ];
    const { mock, api } = apiWith({ 'POST /api/payments/payouts': () => answers.shift()!() });
    const data: BankAccountData = {
      account: { ok: true, data: account },
      earnings: { ok: true, data: earnings },
      config: sandbox,
    };
    await renderWithRouter(
      <>
        <BankAccountPage data={data} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
    );
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
    const data: BankAccountData = {
      account: { ok: true, data: null },
      earnings: { ok: false, error: new ApiError(500, { message: 'Ledger unavailable' }) },
      config: sandbox,
    };
    await renderWithRouter(<BankAccountPage data={data} api={api} onChanged={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Your earnings could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('Ledger unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save bank account' })).toBeInTheDocument();
  });
});

describe('addresses page', () => {
  const saved = [
    {
      id: 6,
      line1: '1 Rue de Fès',
      line2: null,
      city: 'Rabat',
      state: null,
      postalCode: '10000',
      country: 'MA',
      isDefault: false,
    },
    {
      id: 5,
      line1: '120 Main Street',
      line2: 'Suite 4',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'US',
      isDefault: true,
    },
  ];

  it('lists the addresses default first with the country name', async () => {
    const { api } = apiWith({});
    await renderWithRouter(<AddressesPage addresses={saved} api={api} onChanged={() => {}} />);
    const articles = screen.getAllByRole('article');
    expect(within(articles[0]!).getByText('120 Main Street')).toBeInTheDocument();
    expect(within(articles[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(articles[0]!).getByText('United States')).toBeInTheDocument();
    expect(within(articles[1]!).getByText('Morocco')).toBeInTheDocument();
  });

  it('checks the fields, adds the address and resets the form', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/users/me/addresses': () => json(201, { data: { ...saved[0], id: 7 } }),
    });
    await renderWithRouter(
      <>
        <AddressesPage addresses={[]} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('No addresses yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(screen.getByText('Enter the street address.')).toBeInTheDocument();
    expect(screen.getByText('Enter the two-letter country code, e.g. US or MA.')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Street address/ }));
    expect(mock.calls).toHaveLength(0);

    fireEvent.input(screen.getByRole('textbox', { name: /Street address/ }), { target: { value: ' 1 Rue de Fès ' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^City/ }), { target: { value: 'Rabat' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Postal code/ }), { target: { value: '10000' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Country code/ }), { target: { value: 'ma' } });
    expect(screen.getByText('Morocco')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Make this my default address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByText('Address added');
    expect(bodies(mock, 'POST', '/api/users/me/addresses').map((c) => c.body)).toEqual([
      {
        line1: '1 Rue de Fès',
        line2: null,
        city: 'Rabat',
        state: null,
        postalCode: '10000',
        country: 'MA',
        isDefault: true,
      },
    ]);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Street address/ }) as HTMLInputElement).value).toBe(''),
    );
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the server field errors on their fields', async () => {
    const { api } = apiWith({
      'POST /api/users/me/addresses': () =>
        json(400, { message: 'Validation failed', errors: [{ path: 'postalCode', message: 'is too long' }] }),
    });
    await renderWithRouter(<AddressesPage addresses={[]} api={api} onChanged={() => {}} />);
    fireEvent.input(screen.getByRole('textbox', { name: /Street address/ }), { target: { value: '1 Main' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^City/ }), { target: { value: 'Doha' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Postal code/ }), { target: { value: '1234567890123' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Country code/ }), { target: { value: 'QA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByText('is too long');
    expect(screen.getByRole('textbox', { name: /Postal code/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
