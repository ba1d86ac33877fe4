import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { AttendancePage } from '@/features/analytics/attendance-page';
import { createApi } from '@/lib/api/client';
import type { LoginRecord } from '@machines/auth.machine';
import type { AttendanceFilters, CompanyAttendanceAnalytics } from '@machines/attendance-analytics.machine';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { SQL_FOR_ANALYSTS_41 } from '../fixtures';

/** The analytics page over a fake API: figures, filters in the URL, failures, the grid, non-partners. */

const partner: LoginRecord = {
  token: 'tok',
  expiresAt: '2099-01-01T00:00:00Z',
  user: { id: 7, email: 'partner@qad.halaqa.test', name: 'Hamad Al-Kuwari', role: 'PARTNER' },
  company: { id: 3, name: 'QAD Academy', acronym: 'QAD' },
  federationAuth: false,
};

const figures: CompanyAttendanceAnalytics = {
  companyId: 3,
  from: null,
  to: null,
  courses: [
    { id: 12, title: 'SQL for analysts' },
    { id: 13, title: 'Security basics' },
  ],
  sessionChoices: [
    { id: 41, courseId: 12, courseTitle: 'SQL for analysts', startDate: '2026-10-05' },
    { id: 42, courseId: 13, courseTitle: 'Security basics', startDate: '2026-11-02' },
  ],
  sessions: [
    SQL_FOR_ANALYSTS_41,
    {
      sessionId: 42,
      courseId: 13,
      courseTitle: 'Security basics',
      startDate: '2026-11-02',
      endDate: '2026-12-20',
      timezone: 'America/Chicago',
      learners: 1,
      meetingsHeld: 0,
      attended: 0,
      excused: 0,
      expected: 0,
      rate: 0,
    },
  ],
  learners: [
    {
      learner: { id: 21, name: 'Aisha Al-Sulaiti', pictureUrl: null },
      email: 'aisha@qad.test',
      sessions: 2,
      attended: 3,
      held: 3,
      excused: 0,
      rate: 1,
    },
    {
      learner: { id: 22, name: 'Khalid Al-Marri', pictureUrl: null },
      email: 'khalid@qad.test',
      sessions: 1,
      attended: 2,
      held: 3,
      excused: 0,
      rate: 0.6667,
    },
  ],
  weeks: [
    { weekStart: '2026-10-05', attended: 3, expected: 4, rate: 0.75 },
    { weekStart: '2026-10-12', attended: 2, expected: 2, rate: 1 },
  ],
  totals: { learners: 2, sessions: 2, meetingsHeld: 3, attended: 5, expected: 6, rate: 0.8333 },
};

async function renderPage(
  routes: Record<string, Handler>,
  { record = partner, initialFilters = {} as AttendanceFilters } = {},
) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  const urls: AttendanceFilters[] = [];
  await renderWithRouter(
    <>
      <AttendancePage api={api} record={record} initialFilters={initialFilters} onFiltersChange={(f) => urls.push(f)} />
      <Toaster />
    </>,
  );
  return { mock, urls };
}

describe('attendance analytics page', () => {
  it("shows the company's figures: totals, sessions, learners, and the chart's text alternative", async () => {
    const { mock } = await renderPage({
      'GET /api/companies/3/analytics/attendance': () => json(200, { data: figures }),
    });
    const rows = await screen.findAllByTestId('analytics-learner');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Aisha Al-Sulaitiaisha@qad.test',
      'Khalid Al-Marrikhalid@qad.test',
    ]);
    expect(within(rows[1]!).getByText('2 of 3')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('67%')).toBeInTheDocument();
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('83%')).toBeInTheDocument();
    expect(
      screen.getByText('2 weeks, 83% attendance overall. Lowest: 75%, week of October 5, 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByText('5 of 6 attendances')).toBeInTheDocument();
    expect(screen.getByText('No meeting held yet')).toBeInTheDocument();
    expect(mock.calls[0]!.path).toBe('/api/companies/3/analytics/attendance');
  });

  it('sends the filters to the server and to the URL; reversed dates are refused on the page', async () => {
    const { mock, urls } = await renderPage(
      { 'GET /api/companies/3/analytics/attendance': () => json(200, { data: figures }) },
      { initialFilters: { courseId: 12 } },
    );
    await screen.findAllByTestId('analytics-learner');
    expect(mock.calls[0]!.path).toBe('/api/companies/3/analytics/attendance?courseId=12');
    // The session choices follow the course.
    const session = screen.getByLabelText('Session') as HTMLSelectElement;
    expect([...session.options].map((o) => o.textContent)).toEqual([
      'All sessions',
      'SQL for analysts, from October, 5th 2026',
    ]);
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-10-10' } });
    await act(async () => {});
    expect(mock.calls.at(-1)!.path).toBe('/api/companies/3/analytics/attendance?courseId=12&from=2026-10-10');
    expect(urls.at(-1)).toEqual({ courseId: 12, from: '2026-10-10' });
    const before = mock.calls.length;
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(mock.calls.length).toBe(before);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    const { mock } = await renderPage({
      'GET /api/companies/3/analytics/attendance': (_r, n) =>
        n === 1 ? json(500, { message: 'Database unavailable' }) : json(200, { data: figures }),
    });
    expect(await screen.findByText('Could not get the attendance !')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('analytics-learner')).toHaveLength(2);
    expect(mock.calls).toHaveLength(2);
  });

  it("opens a session's grid: who joined each meeting, as text for screen readers", async () => {
    await renderPage({
      'GET /api/companies/3/analytics/attendance': () => json(200, { data: figures }),
      'GET /api/sessions/41/attendance': () =>
        json(200, {
          data: {
            sessionId: 41,
            meetings: [
              {
                lessonId: 510,
                lessonName: 'Workshop',
                occurrenceDate: '2026-10-05',
                startsAt: '2026-10-05T13:00:00Z',
                attendees: 1,
                attendeeIds: [21],
              },
            ],
            learners: [
              { learner: { id: 21, name: 'Aisha Al-Sulaiti', pictureUrl: null }, attended: 1, held: 1, rate: 1 },
              { learner: { id: 22, name: 'Khalid Al-Marri', pictureUrl: null }, attended: 0, held: 1, rate: 0 },
            ],
          },
        }),
    });
    await screen.findAllByTestId('analytics-learner');
    fireEvent.click(screen.getByRole('button', { name: 'Attendance grid of SQL for analysts' }));
    const grid = await screen.findByTestId('attendance-grid');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Aisha Al-Sulaiti✓Attended100%', 'Khalid Al-Marri✗Absent0%']);
    fireEvent.click(within(grid).getByRole('button', { name: 'Close the attendance grid' }));
    expect(screen.queryByTestId('attendance-grid')).not.toBeInTheDocument();
  });

  it('tells a learner of the company that the page is for partners, without calling the API', async () => {
    const { mock } = await renderPage({}, { record: { ...partner, user: { ...partner.user, role: 'LEARNER' } } });
    expect(await screen.findByText('Attendance analytics are for company partners')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my courses' })).toBeInTheDocument();
    expect(mock.calls).toEqual([]);
  });
});
