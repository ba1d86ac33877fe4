import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '@contract/schema';
import { Toaster } from '@/components/ui/toast';
import { SessionAttendancePage, type SessionAttendanceData } from '@/features/educator/session-attendance-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { session41 } from './educator-fixtures';
import { renderWithRouter } from './render';

type Row = components['schemas']['MeetingAttendanceLearner'];
const person = (id: number, name: string) => ({ id, name, pictureUrl: null });

/** Two occurrences of lesson 510 held; "Take attendance" opens the latest (2031-03-10). */
const data: SessionAttendanceData = {
  session: session41,
  attendance: {
    ok: true,
    data: {
      sessionId: 41,
      meetings: [
        {
          lessonId: 510,
          lessonName: 'Live class',
          occurrenceDate: '2031-03-03',
          startsAt: '2031-03-03T23:00:00Z',
          attendees: 1,
          attendeeIds: [21],
        },
        {
          lessonId: 510,
          lessonName: 'Live class',
          occurrenceDate: '2031-03-10',
          startsAt: '2031-03-10T22:00:00Z',
          attendees: 1,
          attendeeIds: [21],
        },
      ],
      learners: [
        { learner: person(21, 'Omar Haddad'), attended: 2, held: 2, excused: 0, rate: 1 },
        { learner: person(22, 'Lina Amrani'), attended: 0, held: 2, excused: 0, rate: 0 },
      ],
    },
  },
};

const base = (id: number, name: string, extra: Partial<Row>): Row => ({
  learner: person(id, name),
  joinedAt: null,
  suggested: null,
  status: null,
  marked: false,
  note: null,
  version: 0,
  markedBy: null,
  markedAt: null,
  ...extra,
});
const omar = base(21, 'Omar Haddad', { joinedAt: '2031-03-10T22:02:00Z', suggested: 'PRESENT', status: 'PRESENT' });
const lina = base(22, 'Lina Amrani', { suggested: 'ABSENT', status: 'ABSENT' });
const meeting = (learners: Row[]) => ({
  sessionId: 41,
  lessonId: 510,
  lessonName: 'Live class',
  occurrenceDate: '2031-03-10',
  startsAt: '2031-03-10T22:00:00Z',
  endsAt: '2031-03-10T23:00:00Z',
  lateAfter: '2031-03-10T22:10:00Z',
  learners,
});
const URL = '/api/sessions/41/lessons/510/occurrences/2031-03-10';
const excusedLina: Row = {
  ...lina,
  status: 'EXCUSED',
  marked: true,
  note: 'Doctor',
  version: 1,
  markedBy: person(7, 'Salma Idrissi'),
  markedAt: '2031-03-11T09:00:00Z',
};
const change = {
  id: 1,
  learnerId: 22,
  beforeStatus: 'ABSENT',
  afterStatus: 'EXCUSED',
  beforeNote: null,
  afterNote: 'Doctor',
  changedBy: person(7, 'Salma Idrissi'),
  changedAt: '2031-03-11T09:00:00Z',
};

async function renderPage(routes: Record<string, Handler>, onRetry = vi.fn()) {
  const mock = mockFetch({
    [`GET ${URL}/attendance`]: () => json(200, { data: meeting([omar, lina]) }),
    [`GET ${URL}/attendance-history`]: () => json(200, { data: [] }),
    ...routes,
  });
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <SessionAttendancePage data={data} api={api} onRetry={onRetry} />
      <Toaster />
    </>,
  );
  return { mock, onRetry };
}

const cardOf = async (name: string) =>
  (await screen.findAllByTestId('attendance-mark')).find((c) => within(c).queryByText(name))!;

describe('taking attendance', () => {
  it('prefills each learner from the join click and saves a chosen status with the version seen', async () => {
    const { mock, onRetry } = await renderPage({
      [`PUT ${URL}/attendance/22`]: () => json(200, { data: { ...excusedLina, note: null } }),
      [`GET ${URL}/attendance-history`]: (_r, n) =>
        json(200, { data: n === 1 ? [] : [{ ...change, afterNote: null }] }),
    });
    const section = screen.getByRole('region', { name: 'Take attendance' });
    expect(within(section).getByRole('combobox', { name: 'Meeting' })).toHaveValue('510|2031-03-10');
    const omarCard = await cardOf('Omar Haddad');
    expect(within(omarCard).getByText(/Joined at/)).toBeInTheDocument();
    const omarGroup = within(omarCard).getByRole('radiogroup', { name: 'Attendance of Omar Haddad' });
    expect(within(omarGroup).getByRole('radio', { name: 'Present' })).toBeChecked();
    const linaCard = await cardOf('Lina Amrani');
    expect(within(linaCard).getByText(/Did not join/)).toBeInTheDocument();
    expect(within(linaCard).getByRole('radio', { name: 'Absent' })).toBeChecked();

    fireEvent.click(within(linaCard).getByRole('radio', { name: 'Excused' }));
    expect(await screen.findByText('Attendance saved.', { selector: '[data-part=title]' })).toBeInTheDocument();
    const put = mock.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ status: 'EXCUSED', note: null, version: 0 });
    expect(onRetry).toHaveBeenCalled();
    const card = await cardOf('Lina Amrani');
    expect(within(card).getByRole('radio', { name: 'Excused' })).toBeChecked();
    expect(within(card).getByText(/Marked by/)).toBeInTheDocument();
    fireEvent.click(within(card).getByText('History (1 change)'));
    expect(within(card).getByTestId('attendance-change').textContent).toMatch(/Absent → Excused, by Salma Idrissi/);
  });

  it('adds a note to a learner with a status, and marks every unmarked learner present at once', async () => {
    const { mock } = await renderPage({
      [`PUT ${URL}/attendance/22`]: () => json(200, { data: excusedLina }),
      [`PUT ${URL}/attendance/21`]: () => json(200, { data: { ...omar, marked: true, version: 1 } }),
    });
    const card = await cardOf('Lina Amrani');
    fireEvent.click(within(card).getByRole('button', { name: 'Add a note about Lina Amrani' }));
    fireEvent.change(within(card).getByLabelText('Note about Lina Amrani'), { target: { value: ' Doctor ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save the note' }));
    await screen.findByText('Note:');
    expect(JSON.parse(mock.calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      status: 'ABSENT',
      note: 'Doctor',
      version: 0,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Mark 1 unmarked as present' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path.endsWith('/attendance/21'))).toHaveLength(1));
    expect(JSON.parse(mock.calls.find((c) => c.path.endsWith('/attendance/21'))!.body!)).toMatchObject({
      status: 'PRESENT',
      version: 0,
    });
  });

  it('says when someone else changed the mark, and reloads the list', async () => {
    const { mock } = await renderPage({
      [`PUT ${URL}/attendance/21`]: () =>
        json(409, { message: 'Someone changed this mark since you opened the list: check it and mark again' }),
    });
    const card = await cardOf('Omar Haddad');
    fireEvent.click(within(card).getByRole('radio', { name: 'Late' }));
    expect(await screen.findByText('Someone else changed this mark')).toBeInTheDocument();
    expect(screen.getByText(/since you opened the list/)).toBeInTheDocument();
    const loads = () => mock.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/attendance')).length;
    const before = loads();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the list' }));
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(screen.queryByText('Someone else changed this mark')).not.toBeInTheDocument();
  });

  it('shows a failed load of the meeting with a retry', async () => {
    await renderPage({
      [`GET ${URL}/attendance`]: (_r, n) =>
        json(n === 1 ? 503 : 200, n === 1 ? { message: 'Down' } : { data: meeting([omar]) }),
    });
    expect(await screen.findByText("Could not get this meeting's attendance !")).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await cardOf('Omar Haddad')).toBeInTheDocument();
  });
});
