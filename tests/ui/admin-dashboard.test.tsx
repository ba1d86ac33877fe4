import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardPage, orderedSeries } from '@/features/dashboard/dashboard-page';
import { formatWeek } from '@/components/ui/format';
import type { components } from '@contract/schema';
import { renderWithRouter } from './render';

type DashboardStats = components['schemas']['DashboardStats'];

const admin: DashboardStats = {
  role: 'ADMIN',
  firstSignIn: false,
  counters: { users: 120, courses: 28, sessions: 50, pendingSessions: 2, pendingUsers: 0, revenue: 1234.5 },
  series: {
    usersByRole: [
      { label: 'LEARNER', value: 90 },
      { label: 'EDUCATOR', value: 20 },
    ],
    revenueByWeek: [
      { label: '2031-02-24', value: 200 },
      { label: '2031-03-03', value: 1034.5 },
    ],
    enrollmentsByWeek: [
      { label: '2031-02-24', value: 3 },
      { label: '2031-03-03', value: 9 },
    ],
  },
};

const record = {
  token: 't',
  expiresAt: '2999-01-01T00:00:00Z',
  user: { id: 1, email: 'admin@halaqa.test', name: 'Amina Admin', role: 'ADMIN' as const },
  company: null,
  federationAuth: false,
};

describe('dashboard: numbers and charts', () => {
  it('shows the counters, the moderation shortcuts and one named chart per series', async () => {
    await renderWithRouter(<DashboardPage stats={admin} record={record} />);
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    const requests = screen.getByRole('link', { name: /Session requests/ });
    expect(requests).toHaveAttribute('href', '/dashboard/moderation');
    expect(requests).toHaveTextContent('2 waiting for approval');
    expect(screen.getByRole('link', { name: /Users/ })).toHaveTextContent(
      'Educators, learners, partners and invitations',
    );

    const figures = screen.getAllByRole('figure');
    expect(
      figures.map(
        (f) =>
          f.getAttribute('aria-labelledby') && document.getElementById(f.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['Enrollments per week', 'Revenue per week', 'Users by role']);
    const revenue = screen.getByRole('figure', { name: 'Revenue per week' });
    expect(document.getElementById(revenue.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Last 2 weeks. Total $1,234.50. Highest: $1,034.50, week of March 3, 2031.',
    );
    // The numbers behind each chart, as a table (money as dollars, roles by name).
    const table = within(revenue.parentElement!).getByRole('table', { hidden: true });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .map((r) => r.textContent),
    ).toEqual(['Week ofRevenue per week', 'February 24, 2031$200', 'March 3, 2031$1,034.50']);
    const roles = screen.getByRole('figure', { name: 'Users by role' });
    expect(
      within(roles.parentElement!)
        .getAllByRole('rowheader', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['Learner', 'Educator']);
  });

  it('an educator gets the teaching shortcuts', async () => {
    await renderWithRouter(
      <DashboardPage
        stats={{
          role: 'EDUCATOR',
          firstSignIn: false,
          counters: { courses: 3 },
          series: { earningsByWeek: [{ label: '2031-03-03', value: 80 }] },
        }}
        record={{ ...record, user: { ...record.user, role: 'EDUCATOR' } }}
      />,
    );
    expect(screen.getByRole('link', { name: /Courses to teach/ })).toHaveAttribute('href', '/dashboard/courses');
    expect(screen.getByRole('link', { name: /My sessions/ })).toHaveAttribute('href', '/dashboard/sessions');
    expect(screen.getByRole('figure', { name: 'Earnings per week' })).toBeInTheDocument();
  });

  it('orders series and formats weeks per locale', () => {
    expect(orderedSeries({ zeta: [], usersByRole: [], enrollmentsByWeek: [] }).map(([k]) => k)).toEqual([
      'enrollmentsByWeek',
      'usersByRole',
      'zeta',
    ]);
    expect(formatWeek('2031-03-03', 'en')).toBe('Mar 3');
    expect(formatWeek('2031-03-03', 'ar')).toMatch(/مارس/);
  });
});

describe('the greeting', () => {
  it('says "Welcome" on the first sign-in of a new account, "Welcome back" afterwards', async () => {
    const partner = { ...record, user: { ...record.user, role: 'PARTNER' as const } };
    const stats: DashboardStats = { role: 'PARTNER', firstSignIn: true, counters: {}, series: {} };
    const first = await renderWithRouter(<DashboardPage stats={stats} record={partner} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Welcome, ${record.user.name}`);
    first.unmount();
    await renderWithRouter(<DashboardPage stats={{ ...stats, firstSignIn: false }} record={partner} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Welcome back, ${record.user.name}`);
  });
});
