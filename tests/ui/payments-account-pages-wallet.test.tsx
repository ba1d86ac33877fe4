import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { paymentLinks } from '../../src/lib/payment-links';
import { PaymentMethodsPage } from '@/features/payments/payment-methods-page';
import { WalletPage } from '@/features/payments/wallet-page';
import { json } from '../machines/fetch-mock';
import { card } from './payments-fixtures';
import { renderWithRouter } from './render';
import { apiWith, bodies, sandbox } from './payments-account-pages-shared';

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
              session: {
                id: 41,
                courseId: 7,
                courseTitle: 'Modern web apps with React',
                startDate: '2031-03-03',
                endDate: '2031-04-28',
              },
              description: 'Payment for session #41',
              createdAt: '2031-03-01T10:00:00Z',
            },
            {
              id: 1,
              amount: 20000,
              reason: 'TOP_UP',
              sessionId: null,
              session: null,
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
    // The course and the session's dates, never the session's number.
    expect(items[0]!.textContent).toMatch(
      /Modern web apps with React, session from March\W+3\w* 2031 to April\W+28\w* 2031/,
    );
    expect(items[0]!.textContent).not.toContain('#41');
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
