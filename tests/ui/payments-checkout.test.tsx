import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { EnrollFlow } from '../../src/features/payments/enroll-panel';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { card, sandboxRoutes, session } from './payments-fixtures';
import { renderWithRouter } from './render';

async function renderFlow(routes: Record<string, Handler>, locale: 'en' | 'ar' = 'en') {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <EnrollFlow session={session} api={api} keySeed="seed" />
      <Toaster />
    </>,
    { locale },
  );
  return mock;
}

const bodyOf = (mock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  mock.calls
    .filter((c) => c.method === method && c.path === path)
    .map((c) => ({ body: c.body ? JSON.parse(c.body) : null, key: c.headers.get('Idempotency-Key') }));

async function openCheckout() {
  fireEvent.click(screen.getByRole('button', { name: 'Enroll' }));
  await screen.findByRole('group', { name: 'Payment method' });
}

async function addTestCard(name: RegExp) {
  fireEvent.click(screen.getByRole('radio', { name }));
  fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
}

describe('checkout: card payments (product.md#states, sandbox test cards)', () => {
  it('shows the fee breakdown and preselects a new card when there is no saved card and the wallet is short', async () => {
    await renderFlow(sandboxRoutes());
    await openCheckout();
    expect(screen.getByText('$149')).toBeInTheDocument();
    expect(screen.getByText('$7.95')).toBeInTheDocument();
    expect(screen.getByText('$156.95')).toBeInTheDocument();
    expect((screen.getByRole('radio', { name: 'New card' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Visa ending in 0002/ })).toBeInTheDocument(); // the sandbox's test cards
    expect(screen.getByText('Balance $10')).toBeInTheDocument();
  });

  it('adds tok_visa, pays by card (amount in cents, one key per attempt) and is enrolled', async () => {
    const mock = await renderFlow(sandboxRoutes());
    await openCheckout();
    await addTestCard(/Visa ending in 4242/);
    const pay = await screen.findByRole('button', { name: 'Pay $156.95 by card' });
    expect((screen.getByRole('radio', { name: 'Visa ending in 4242' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(pay);
    fireEvent.click(pay); // a double click
    await screen.findByText('You are enrolled', { selector: 'p' });
    expect(bodyOf(mock, 'POST', '/api/payments/cards')).toEqual([{ body: { source: 'tok_visa' }, key: null }]);
    expect(bodyOf(mock, 'POST', '/api/payments/intents')).toEqual([
      { body: { sessionId: 41, amount: 15695 }, key: 'seed-1-1-intent' },
    ]);
    expect(bodyOf(mock, 'POST', '/api/payments/intents/pi_1/confirm')).toEqual([
      { body: { paymentMethod: 'pm_visa' }, key: 'seed-1-1-confirm' },
    ]);
    expect(bodyOf(mock, 'POST', '/api/sessions/41/enroll')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to the classroom' })).toHaveAttribute('href', '/classroom/41');
    expect(screen.getByRole('link', { name: 'Go to My courses' })).toBeInTheDocument();
  });

  it('a declined card shows the failure and the reason, enrolls nobody, and offers retry and another method', async () => {
    const mock = await renderFlow(sandboxRoutes());
    await openCheckout();
    await addTestCard(/Visa ending in 0002/);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $156.95 by card' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your card was declined')).toBeInTheDocument();
    expect(within(alert).queryByText('Your card was declined.')).not.toBeInTheDocument(); // the server's message repeats the headline
    expect(within(alert).getByText('Card: Visa ending in 0002')).toBeInTheDocument();
    expect(
      screen.getByText('You have not been enrolled, and nothing was charged for this attempt.'),
    ).toBeInTheDocument();
    await screen.findByText('Enrollment failed. Please Contact US for more details'); // the product.md#messages toast
    expect(bodyOf(mock, 'POST', '/api/sessions/41/enroll')).toHaveLength(0);

    // Another card confirms the same intent again (no second intent, a new key).
    fireEvent.click(screen.getByRole('button', { name: 'Use another payment method' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'New card' }));
    await addTestCard(/Visa ending in 4242/);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $156.95 by card' }));
    await screen.findByText('You are enrolled', { selector: 'p' });
    expect(bodyOf(mock, 'POST', '/api/payments/intents')).toHaveLength(1);
    expect(bodyOf(mock, 'POST', '/api/payments/intents/pi_1/confirm')).toEqual([
      { body: { paymentMethod: 'pm_declined' }, key: 'seed-1-1-confirm' },
      { body: { paymentMethod: 'pm_visa' }, key: 'seed-1-2-confirm' },
    ]);
  });

  it('3-D Secure: requires_action opens the bank dialog; "Complete authentication" pays and enrolls', async () => {
    const mock = await renderFlow(sandboxRoutes());
    await openCheckout();
    await addTestCard(/Visa ending in 3220/);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $156.95 by card' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the payment with your bank' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await screen.findByText('You are enrolled', { selector: 'p' });
    expect(bodyOf(mock, 'POST', '/api/payments/intents/pi_1/authenticate')).toEqual([
      { body: { result: 'succeed' }, key: null },
    ]);
  });

  it('3-D Secure: "Fail authentication" shows the failure', async () => {
    const mock = await renderFlow(sandboxRoutes());
    await openCheckout();
    await addTestCard(/Visa ending in 3220/);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $156.95 by card' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your bank did not confirm the payment')).toBeInTheDocument();
    expect(bodyOf(mock, 'POST', '/api/sessions/41/enroll')).toHaveLength(0);
  });

  it('a refused test token shows why the card was refused and keeps the choice open', async () => {
    const routes = sandboxRoutes();
    routes['POST /api/payments/cards'] = () => json(422, { message: 'Your card number is incorrect.' });
    await renderFlow(routes);
    await openCheckout();
    await addTestCard(/Visa ending in 4242/);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This card was refused')).toBeInTheDocument();
    expect(within(alert).getByText('Your card number is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Payment method' })).toBeInTheDocument();
  });

  it('no answer while confirming: "Try again" resends the same Idempotency-Key', async () => {
    const routes = sandboxRoutes({ cards: [card('pm_visa', '4242', true)] });
    const confirm = routes['POST /api/payments/intents/pi_1/confirm']!;
    routes['POST /api/payments/intents/pi_1/confirm'] = (req, n) =>
      n === 1 ? json(503, { message: 'Gateway timeout' }) : confirm(req, n);
    const mock = await renderFlow(routes);
    await openCheckout();
    expect((screen.getByRole('radio', { name: 'Visa ending in 4242' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $156.95 by card' }));
    await screen.findByText(
      'We do not know yet whether this payment went through. Trying again is safe: you will not be charged twice.',
    );
    expect(screen.queryByRole('button', { name: 'Use another payment method' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('You are enrolled', { selector: 'p' });
    expect(bodyOf(mock, 'POST', '/api/payments/intents/pi_1/confirm').map((c) => c.key)).toEqual([
      'seed-1-1-confirm',
      'seed-1-1-confirm',
    ]);
  });

  it('cancelling after a decline releases the held seat', async () => {
    const mock = await renderFlow(sandboxRoutes());
    await openCheckout();
    await addTestCard(/Visa ending in 0002/);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $156.95 by card' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Enroll' });
    expect(mock.calls.filter((c) => c.path === '/api/payments/intents/pi_1/cancel')).toHaveLength(1);
  });
});

describe('checkout: wallet', () => {
  it('preselects the wallet when it covers the total and pays from it', async () => {
    const mock = await renderFlow(sandboxRoutes({ balance: 200 }));
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $156.95 from wallet' }));
    await screen.findByText('You are enrolled', { selector: 'p' });
    expect(bodyOf(mock, 'POST', '/api/payments/intents/wallet')).toEqual([
      { body: { sessionId: 41, amount: 15695 }, key: 'seed-1-1' },
    ]);
  });

  it('a wallet that is too low says how much is missing and cannot be paid from', async () => {
    await renderFlow(sandboxRoutes({ cards: [card('pm_visa', '4242', true)], balance: 100 }));
    await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Wallet' }));
    expect(await screen.findByText('You need $56.95 more to pay for this session.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $156.95 from wallet' })).toBeDisabled();
    // The way to add the missing money: the wallet's top-up, prefilled, coming back to this checkout.
    const topUp = screen.getByRole('link', { name: 'Top up $56.95' });
    const href = new URL(topUp.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/account/wallet');
    expect(Object.fromEntries(href.searchParams)).toEqual({ topUp: '5695', session: '41' });
  });

  it('back from a top-up (payWith wallet) the checkout opens on the wallet and pays from it', async () => {
    const mock = mockFetch(sandboxRoutes({ cards: [card('pm_visa', '4242', true)], balance: 200 }));
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    await renderWithRouter(<EnrollFlow session={session} api={api} keySeed="seed" payWith="wallet" />);
    await screen.findByRole('group', { name: 'Payment method' });
    expect((screen.getByRole('radio', { name: 'Wallet' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $156.95 from wallet' }));
    await screen.findByText('You are enrolled', { selector: 'p' });
    expect(bodyOf(mock, 'POST', '/api/payments/intents/wallet')).toHaveLength(1);
  });

  it('a failed preparation shows the reason and retries', async () => {
    const routes = sandboxRoutes();
    routes['POST /api/payments/fee'] = (_req, n) =>
      n === 1
        ? json(500, { message: 'Fee service down' })
        : json(200, { data: { price: 149, fee: 7.95, total: 156.95, amount: 15695, currency: 'USD' } });
    await renderFlow(routes);
    fireEvent.click(screen.getByRole('button', { name: 'Enroll' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not prepare your payment')).toBeInTheDocument();
    expect(within(alert).getByText('Fee service down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('group', { name: 'Payment method' });
  });
});

describe('checkout in Arabic', () => {
  it('labels the methods and the pay button in Arabic', async () => {
    await renderFlow(sandboxRoutes({ cards: [card('pm_visa', '4242', true)], balance: 200 }), 'ar');
    fireEvent.click(screen.getByRole('button', { name: 'سجّل الآن' }));
    await waitFor(() => expect(screen.getAllByRole('radio').length).toBeGreaterThan(2));
    expect(screen.queryByText('Payment method')).not.toBeInTheDocument();
    expect(screen.queryByText('New card')).not.toBeInTheDocument();
  });
});
