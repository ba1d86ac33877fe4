import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { ClassroomPage } from '@/features/classroom/classroom-page';
import { canJoin, currentOccurrence, isPlayableVideo } from '../../src/lib/classroom-time';
import { json, type Handler } from '../machines/fetch-mock';
import { at, classroom, learnerApi, meetingOccurrence } from './classroom-fixtures';
import { renderWithRouter } from './render';

const VIEWER_ZONE = 'Asia/Riyadh';

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderPage(
  routes: Record<string, Handler>,
  { now = at('2031-03-01T12:00:00Z'), data = classroom, locale = 'en' as 'en' | 'ar' } = {},
) {
  const { mock, api } = learnerApi(routes);
  await renderWithRouter(
    <>
      <ClassroomPage classroom={data} api={api} now={now} viewerTimeZone={VIEWER_ZONE} />
      <Toaster />
    </>,
    { locale },
  );
  return mock;
}

describe('classroom page: header and syllabus', () => {
  it('shows the course, the progress and the syllabus by week and section with each lesson status', async () => {
    await renderPage({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('JavaScript from zero');
    expect(screen.getByText(/With Sara Benali/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 6 lessons done',
    );

    const week1 = screen.getByRole('region', { name: 'Week 1' });
    const foundations = within(week1).getByRole('region', { name: 'Foundations' });
    const rows = within(foundations).getAllByTestId('classroom-lesson');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Welcome video',
      'Closures explained',
      'Live class: code review',
    ]);
    expect(within(rows[0]!).getByText('Done')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12 min')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('In progress')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not started')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Live meeting')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/classroom/41/lessons/501');

    const practice = within(week1).getByRole('region', { name: 'Practice' });
    const [quiz, assignment] = within(practice).getAllByTestId('classroom-lesson');
    expect(within(quiz!).getByText('Autograded')).toBeInTheDocument();
    expect(within(quiz!).getByText('80 / 100 points')).toBeInTheDocument();
    expect(within(quiz!).getByText(/^Due Monday, March, 10th 2031/)).toBeInTheDocument();
    expect(within(assignment!).getByText('Submitted')).toBeInTheDocument();

    const week2 = screen.getByRole('region', { name: 'Week 2' });
    expect(within(week2).getByRole('link', { name: 'FizzBuzz' })).toHaveAttribute('href', '/classroom/41/lessons/505');
    expect(within(week2).getByText('Programming assignment')).toBeInTheDocument();
  });

  it('shows an empty state when the syllabus has no week, and no meeting when none is left', async () => {
    await renderPage({}, { data: { ...classroom, weeks: [], nextMeeting: null } });
    expect(screen.getByText('The syllabus is being prepared')).toBeInTheDocument();
    expect(screen.getByText('No live meetings left in this session.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join meeting/ })).not.toBeInTheDocument();
  });

  it("the educator's view has no statuses or progress and goes back to the sessions dashboard", async () => {
    await renderPage({}, { data: { ...classroom, viewerRole: 'EDUCATOR' } });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Not started')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/dashboard/sessions');
  });
});

describe('classroom page: next live meeting', () => {
  it('highlights the next meeting with a countdown and its time in both zones; join is disabled before the window', async () => {
    await renderPage({}, { now: at('2031-03-01T21:00:00Z') });
    const card = screen.getByRole('region', { name: 'Next live meeting' });
    expect(within(card).getByRole('link', { name: 'Live class: code review' })).toHaveAttribute(
      'href',
      '/classroom/41/lessons/510',
    );
    expect(within(card).getByText('Starts in 2 days, 3 hours')).toBeInTheDocument();
    expect(within(card).getByText('Your time:').parentElement!.textContent).toBe(
      'Your time: Tuesday, March, 4th 2031 · 03:00 AM – 04:30 AM',
    );
    expect(within(card).getByText('New York time:').parentElement!.textContent).toBe(
      'New York time: Monday, March, 3rd 2031 · 07:00 PM – 08:30 PM',
    );
    const join = within(card).getByRole('button', { name: /Join meeting/ }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    expect(within(card).getByText(/You can join from Tuesday, March, 4th 2031 · 02:50 AM/)).toBeInTheDocument();
  });

  it('enables join 10 minutes before the start and opens the answered link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const mock = await renderPage(
      {
        'POST /api/sessions/41/lessons/510/join': () =>
          json(200, {
            data: {
              url: 'https://meet.halaqa.test/js-zero-41',
              occurrence: { ...meetingOccurrence, attended: true },
              recorded: true,
            },
          }),
      },
      { now: at('2031-03-03T23:52:00Z') },
    );
    const card = screen.getByRole('region', { name: 'Next live meeting' });
    expect(within(card).getByText('Starting in 8 minutes: you can join now')).toBeInTheDocument();
    const join = within(card).getByRole('button', { name: /Join meeting/ }) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    fireEvent.click(join);
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://meet.halaqa.test/js-zero-41', '_blank', 'noopener,noreferrer'),
    );
    expect(mock.calls[0]!.headers.get('Authorization')).toBe('Bearer jwt-learner');
    expect(within(card).getByRole('link', { name: 'Open the meeting in a new tab' })).toHaveAttribute(
      'href',
      'https://meet.halaqa.test/js-zero-41',
    );
  });

  it('shows a running meeting as live, and an ended one as over with join disabled', async () => {
    await renderPage({}, { now: at('2031-03-04T00:30:00Z') });
    expect(screen.getByText('Live now')).toBeInTheDocument();
    expect(screen.getByText('Ends in 1 hour')).toBeInTheDocument();
    cleanup();
    await renderPage({}, { now: at('2031-03-04T01:30:00Z') });
    expect(screen.getByRole('button', { name: /Join meeting/ })).toBeDisabled();
    expect(screen.getByText('This meeting has ended.')).toBeInTheDocument();
  });
});

describe('join window and occurrences (docs/classroom.md "Join window")', () => {
  it('opens exactly 10 minutes before the start and closes at the end', () => {
    expect(canJoin(meetingOccurrence, at('2031-03-03T23:49:59Z'))).toBe(false);
    expect(canJoin(meetingOccurrence, at('2031-03-03T23:50:00Z'))).toBe(true);
    expect(canJoin(meetingOccurrence, at('2031-03-04T01:29:59Z'))).toBe(true);
    expect(canJoin(meetingOccurrence, at('2031-03-04T01:30:00Z'))).toBe(false);
  });

  it('shows the first occurrence that has not ended, and plays only video files', () => {
    const next = {
      ...meetingOccurrence,
      occurrenceDate: '2031-03-10',
      startsAt: '2031-03-10T23:00:00Z',
      endsAt: '2031-03-11T00:30:00Z',
    };
    expect(currentOccurrence([next, meetingOccurrence], at('2031-03-04T01:00:00Z'))).toBe(meetingOccurrence);
    expect(currentOccurrence([next, meetingOccurrence], at('2031-03-04T01:30:00Z'))).toBe(next);
    expect(currentOccurrence([next, meetingOccurrence], at('2031-03-12T00:00:00Z'))).toBeNull();
    expect(isPlayableVideo('/uploads/videos/1.mp4')).toBe(true);
    expect(isPlayableVideo('https://cdn.example.org/intro.webm?sig=1')).toBe(true);
    expect(isPlayableVideo('https://videos.example.org/watch?v=42')).toBe(false);
  });
});

describe('classroom page: Arabic', () => {
  it('renders in Arabic with localised dates and countdown', async () => {
    await renderPage({}, { now: at('2031-03-01T21:00:00Z'), locale: 'ar' });
    const card = screen.getByRole('region', { name: /Next live meeting|الاجتماع المباشر التالي/ });
    expect(card).toHaveTextContent('يومان');
    expect(screen.getByText('المنهج')).toBeInTheDocument();
  });
});

describe('classroom page: calendar download', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:calendar'), revokeObjectURL: vi.fn() });
  });

  it('downloads the .ics with the bearer token and saves it as a file', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const mock = await renderPage({
      'GET /api/sessions/41/calendar.ics': () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/calendar' },
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download calendar (.ics)' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:calendar', download: 'halaqa-session-41.ics' }]));
    expect(mock.calls[0]!.headers.get('Authorization')).toBe('Bearer jwt-learner');
    const blob = (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls[0]![0];
    expect(await blob.text()).toContain('BEGIN:VCALENDAR');
  });

  it('says so when the calendar cannot be downloaded', async () => {
    await renderPage({
      'GET /api/sessions/41/calendar.ics': () => json(403, { message: 'You are not allowed to do this' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download calendar (.ics)' }));
    expect(
      await screen.findByText('Could not download the calendar', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
  });
});
