import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { SessionAttendancePage, type SessionAttendanceData } from '@/features/educator/session-attendance-page';
import { ApiError, createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { session41 } from './educator-fixtures';
import { renderWithRouter } from './render';

const person = (id: number, name: string) => ({ id, name, pictureUrl: null });

/** Two occurrences held (New York time), three learners. */
const data: SessionAttendanceData = {
  session: session41,
  attendance: {
    ok: true,
    data: {
      sessionId: 41,
      meetings: [
        {
          lessonId: 510,
          lessonName: 'Live class: code review',
          occurrenceDate: '2031-03-03',
          startsAt: '2031-03-03T23:00:00Z',
          attendees: 3,
          attendeeIds: [21, 22, 23],
        },
        {
          lessonId: 510,
          lessonName: 'Live class: code review',
          occurrenceDate: '2031-03-10',
          startsAt: '2031-03-10T22:00:00Z',
          attendees: 1,
          attendeeIds: [21],
        },
      ],
      learners: [
        { learner: person(21, 'Omar Haddad'), attended: 2, held: 2, excused: 0, rate: 1 },
        { learner: person(22, 'Lina Amrani'), attended: 1, held: 2, excused: 0, rate: 0.5 },
        { learner: person(23, 'Youssef Benali'), attended: 1, held: 2, excused: 0, rate: 0.5 },
      ],
    },
  },
};

async function renderPage(
  pageData: SessionAttendanceData,
  { routes = {}, onRetry = () => {} }: { routes?: Record<string, Handler>; onRetry?: () => void } = {},
) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <SessionAttendancePage data={pageData} api={api} onRetry={onRetry} />
      <Toaster />
    </>,
  );
  return mock;
}

describe('session attendance', () => {
  it('lists each meeting held with its attendees, and each learner with attended of held and the rate', async () => {
    await renderPage(data);
    const meetings = await screen.findAllByTestId('attendance-meeting');
    expect(meetings).toHaveLength(2);
    // Times in the session's zone: 23:00 UTC on March 3rd = 06:00 PM in New York (EST).
    expect(within(meetings[0]!).getByText(/Monday, March, 3rd 2031 · 06:00 PM/)).toBeInTheDocument();
    expect(within(meetings[0]!).getByText('3 of 3 learners attended')).toBeInTheDocument();
    expect(within(meetings[0]!).getByText('100%')).toBeInTheDocument();
    // March 10th is after the switch to EDT: 22:00 UTC = 06:00 PM.
    expect(within(meetings[1]!).getByText(/March, 10th 2031 · 06:00 PM/)).toBeInTheDocument();
    expect(within(meetings[1]!).getByText('1 of 3 learners attended')).toBeInTheDocument();
    expect(within(meetings[1]!).getByText('33%')).toBeInTheDocument();

    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('Meetings held').nextSibling?.textContent).toBe('2');
    expect(within(totals).getByText('Learners').nextSibling?.textContent).toBe('3');
    // 4 attended of 6 held.
    expect(within(totals).getByText('Overall attendance').nextSibling?.textContent).toBe('67%');

    const table = screen.getByRole('table', { name: 'Meetings attended by each learner out of those held' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Omar Haddad',
      'Lina Amrani',
      'Youssef Benali',
    ]);
    expect(within(rows[0]!).getByText('2 of 2 meetings')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('100%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 of 2 meetings')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('50%')).toBeInTheDocument();

    const grid = screen.getByRole('table', { name: 'Learners in rows, meetings in columns' });
    const [head, ...gridRows] = within(grid).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.querySelector('time')?.textContent ?? null),
    ).toEqual([null, 'Mar 3', 'Mar 10']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(gridRows[0]!)).toEqual(['✓Attended', '✓Attended']);
    expect(cells(gridRows[1]!)).toEqual(['✓Attended', '–Missed']);

    const tabs = screen.getByRole('navigation', { name: 'Session pages' });
    expect(within(tabs).getByRole('link', { name: 'Attendance' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Download calendar (.ics)' })).toBeInTheDocument();
  });

  it('says no meeting has taken place yet when none was held', async () => {
    await renderPage({ ...data, attendance: { ok: true, data: { sessionId: 41, meetings: [], learners: [] } } });
    expect(await screen.findByText('No meeting has taken place yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed load with the server message, a toast and a retry', async () => {
    const onRetry = vi.fn();
    await renderPage(
      { ...data, attendance: { ok: false, error: new ApiError(500, { message: 'Database unavailable' }) } },
      { onRetry },
    );
    expect(
      await screen.findByText('Could not get the attendance !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Database unavailable', { selector: 'p' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('downloads the calendar with the API client, and toasts when it fails', async () => {
    const mock = await renderPage(data, {
      routes: { 'GET /api/sessions/41/calendar.ics': () => json(403, { message: 'Forbidden' }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download calendar (.ics)' }));
    expect(
      await screen.findByText('Could not download the calendar', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(mock.calls.some((c) => c.path === '/api/sessions/41/calendar.ics')).toBe(true);
  });
});
