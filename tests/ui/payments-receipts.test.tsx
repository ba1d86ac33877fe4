import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyCoursesPage } from '@/features/my-courses/my-courses-page';
import { receiptsOf } from '../../src/features/my-courses/receipts';
import { ApiError } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { enrollment } from './payments-fixtures';
import { renderWithRouter } from './render';

type Enrollment = components['schemas']['Enrollment'];
type Wallet = components['schemas']['Wallet'];

const byCard = enrollment as unknown as Enrollment;
const byWallet = {
  ...byCard,
  id: 302,
  sessionId: 52,
  enrolledAt: '2031-03-05T09:00:00Z',
  paidAmount: 5300,
  session: { ...byCard.session, id: 52 },
  course: { id: 13, title: 'Algorithms in practice', pictureUrl: '/uploads/courses/13.jpg' },
} as Enrollment;
const free = {
  ...byCard,
  id: 303,
  sessionId: 60,
  paidAmount: 0,
  session: { ...byCard.session, id: 60 },
  course: { id: 14, title: 'Free intro', pictureUrl: '/x.jpg' },
} as Enrollment;
const wallet: Wallet = {
  balance: 10,
  currency: 'USD',
  entries: [
    {
      id: 9,
      amount: -5300,
      reason: 'PAYMENT',
      sessionId: 52,
      session: null,
      description: 'Algorithms in practice',
      createdAt: '2031-03-05T09:00:00Z',
    },
  ],
};

describe('receipts (what was paid, when, how)', () => {
  it('lists paid enrollments newest first; the wallet ledger tells wallet from card', () => {
    const receipts = receiptsOf([byCard, free, byWallet], { ok: true, data: wallet });
    expect(receipts.map((r) => [r.enrollment.id, r.amount, r.paidWith])).toEqual([
      [302, 5300, 'wallet'],
      [301, 15695, 'card'],
    ]);
  });

  it('without the wallet the method is unknown', () => {
    const receipts = receiptsOf([byCard], { ok: false, error: new ApiError(500, { message: 'Down' }) });
    expect(receipts[0]!.paidWith).toBe('unknown');
  });

  it('My courses shows a receipt per paid session with the amount, the date and the method', async () => {
    await renderWithRouter(
      <MyCoursesPage
        enrollments={[byCard, byWallet, free]}
        wallet={{ ok: true, data: wallet }}
        now={Date.parse('2031-03-01T00:00:00Z')}
      />,
    );
    const section = screen.getByRole('region', { name: 'Receipts' });
    const receipts = within(section).getAllByRole('article');
    expect(receipts).toHaveLength(2);
    expect(within(receipts[0]!).getByText('Algorithms in practice')).toBeInTheDocument();
    expect(within(receipts[0]!).getByText('$53')).toBeInTheDocument();
    expect(within(receipts[0]!).getByText('Wallet')).toBeInTheDocument();
    expect(within(receipts[1]!).getByText('$156.95')).toBeInTheDocument();
    expect(within(receipts[1]!).getByText('Card')).toBeInTheDocument();
    expect(within(receipts[1]!).getByText(/March, 1st 2031/)).toBeInTheDocument();
  });

  it('a wallet that could not be read is said, with the reason', async () => {
    await renderWithRouter(
      <MyCoursesPage
        enrollments={[byCard]}
        wallet={{ ok: false, error: new ApiError(503, { message: 'Ledger unavailable' }) }}
      />,
    );
    expect(screen.getByText('How you paid could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Ledger unavailable')).toBeInTheDocument();
    expect(screen.getByText('Not available')).toBeInTheDocument();
  });

  it('offers Cancel on an active enrollment, not on a session that has ended', async () => {
    const ended = { ...byWallet, session: { ...byWallet.session, status: 'EXPIRED' } } as Enrollment;
    await renderWithRouter(
      <MyCoursesPage
        enrollments={[byCard, ended]}
        cancelAction={(e) => <button type="button">Cancel {e.course.title}</button>}
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Cancel / }).map((b) => b.textContent)).toEqual([
      `Cancel ${byCard.course.title}`,
    ]);
  });

  it('no paid session: the receipts section says so', async () => {
    await renderWithRouter(<MyCoursesPage enrollments={[free]} wallet={{ ok: true, data: wallet }} />);
    expect(screen.getByText('No payments yet: receipts of the sessions you pay for appear here.')).toBeInTheDocument();
  });
});
