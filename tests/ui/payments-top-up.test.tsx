import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionOfferCard } from '@/features/courses/course-page-parts';
import { TopUpPanel, parseDollars } from '@/features/payments/top-up-panel';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { aSessionSummary } from '../fixtures';
import { card, sandboxRoutes } from './payments-fixtures';
import { renderWithRouter } from './render';

const topUp = (status: string, amount = 2000) => ({
  id: 'tu_1',
  status,
  amount,
  currency: 'USD',
  paymentMethod: 'pm_visa',
  createdAt: '2031-05-01T10:00:00Z',
  lastPaymentError: null,
  nextAction: status === 'requires_action' ? { type: 'three_d_secure', url: '/x' } : null,
});

async function renderPanel(routes: Record<string, Handler>, amount: number | null = null) {
  const mock = mockFetch({ ...sandboxRoutes({ cards: [card('pm_visa', '4242', true)] }), ...routes });
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  const onCredited = vi.fn();
  await renderWithRouter(<TopUpPanel api={api} locale="en" amount={amount} onCredited={onCredited} keySeed="seed" />);
  await screen.findByRole('form', { name: 'Top up your wallet' });
  return { mock, onCredited };
}

const posted = (mock: ReturnType<typeof mockFetch>, path: string) =>
  mock.calls
    .filter((c) => c.method === 'POST' && c.path === path)
    .map((c) => ({ body: JSON.parse(c.body!), key: c.headers.get('Idempotency-Key') }));

describe('wallet top-up', () => {
  it('reads dollar amounts into cents', () => {
    expect(parseDollars('20')).toBe(2000);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('12,05')).toBe(1205);
    expect(parseDollars('1.234')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
  });

  it('tops up a preset amount with the saved card and one Idempotency-Key, however often it is clicked', async () => {
    const { mock, onCredited } = await renderPanel({
      'POST /api/payments/wallets/me/top-ups': () => json(201, { data: topUp('succeeded', 5000) }),
    });
    expect(screen.getByRole('button', { name: 'Top up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '$50' }));
    expect(screen.getByRole('button', { name: '$50' })).toHaveAttribute('aria-pressed', 'true');
    const submit = screen.getByRole('button', { name: 'Top up $50' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await screen.findByText('$50 was added to your wallet');
    expect(posted(mock, '/api/payments/wallets/me/top-ups')).toEqual([
      { body: { amount: 5000, paymentMethod: 'pm_visa' }, key: 'seed-1' },
    ]);
    expect(onCredited).toHaveBeenCalledTimes(1);
  });

  it('proposes the amount it is given and refuses one out of the limits', async () => {
    await renderPanel({}, 5695);
    const field = screen.getByRole('textbox', { name: /Other amount/ }) as HTMLInputElement;
    expect(field.value).toBe('56.95');
    expect(screen.getByRole('button', { name: 'Top up $56.95' })).toBeEnabled();
    fireEvent.change(field, { target: { value: '0.50' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Enter an amount from $1 to $1,000.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Top up' })).toBeDisabled();
    fireEvent.change(field, { target: { value: '1001' } });
    expect(screen.getByRole('button', { name: 'Top up' })).toBeDisabled();
  });

  it('a declined card credits nothing and says so; "Try again" is a new attempt', async () => {
    const { mock, onCredited } = await renderPanel({
      'POST /api/payments/wallets/me/top-ups': () => json(402, { message: 'Your card was declined.' }),
    });
    fireEvent.click(screen.getByRole('button', { name: '$20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Top up $20' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your card was declined: nothing was added to your wallet')).toBeInTheDocument();
    expect(within(alert).getByText('Your card was declined.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alert');
    expect(posted(mock, '/api/payments/wallets/me/top-ups').map((c) => c.key)).toEqual(['seed-1', 'seed-2']);
    expect(onCredited).not.toHaveBeenCalled();
  });

  it('no answer: "Try again" resends the same Idempotency-Key', async () => {
    const { mock } = await renderPanel({
      'POST /api/payments/wallets/me/top-ups': (_req, n) =>
        n === 1 ? json(503, { message: 'Unavailable' }) : json(201, { data: topUp('succeeded') }),
    });
    fireEvent.click(screen.getByRole('button', { name: '$20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Top up $20' }));
    await screen.findByText('We do not know yet whether your card was charged');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('$20 was added to your wallet');
    expect(posted(mock, '/api/payments/wallets/me/top-ups').map((c) => c.key)).toEqual(['seed-1', 'seed-1']);
  });

  it('3-D Secure: the bank dialog, then the wallet is credited', async () => {
    const { mock, onCredited } = await renderPanel({
      'POST /api/payments/wallets/me/top-ups': () => json(201, { data: topUp('requires_action') }),
      'POST /api/payments/wallets/me/top-ups/tu_1/authenticate': () => json(200, { data: topUp('succeeded') }),
    });
    fireEvent.click(screen.getByRole('button', { name: '$20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Top up $20' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await screen.findByText('$20 was added to your wallet');
    expect(posted(mock, '/api/payments/wallets/me/top-ups/tu_1/authenticate')).toEqual([
      { body: { result: 'succeed' }, key: null },
    ]);
    expect(onCredited).toHaveBeenCalledTimes(1);
  });
});

describe('a course page session card', () => {
  it("marks the learner's own session and leads to its classroom", async () => {
    await renderWithRouter(<SessionOfferCard session={aSessionSummary({ id: 21 })} locale="en" enrolled />);
    expect(screen.getByText('You are enrolled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the classroom' })).toHaveAttribute('href', '/classroom/21');
    expect(screen.queryByRole('link', { name: 'See the syllabus and enroll' })).toBeNull();
  });

  it('offers the syllabus and enrollment for the other sessions', async () => {
    await renderWithRouter(<SessionOfferCard session={aSessionSummary({ id: 22 })} locale="en" />);
    expect(screen.getByRole('link', { name: 'See the syllabus and enroll' })).toHaveAttribute('href', '/sessions/22');
    expect(screen.queryByText('You are enrolled')).toBeNull();
  });
});
