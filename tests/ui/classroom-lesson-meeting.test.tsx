import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../machines/fetch-mock';
import { at, classroom, detailOf, meetingOccurrence } from './classroom-fixtures';
import { renderLesson, restoreMocksAfterEach, toastTitle } from './classroom-lesson-shared';

restoreMocksAfterEach();

describe('lesson page: header and navigation', () => {
  it('shows the type, week, duration and links to the neighbouring lessons and the classroom', async () => {
    const lesson = classroom.weeks[0]!.sections[0]!.lessons[1]!;
    await renderLesson(detailOf(lesson, { contentHtml: '<h2>Lexical scope</h2><p>A closure keeps its scope.</p>' }), {
      'POST /api/sessions/41/lessons/502/progress': () =>
        json(200, { data: { lessonId: 502, sessionId: 41, status: 'IN_PROGRESS' } }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Closures explained');
    expect(screen.getByText('Reading · Week 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'JavaScript from zero' })).toHaveAttribute('href', '/classroom/41');
    const nav = screen.getByRole('navigation', { name: 'Lessons' });
    expect(
      within(nav)
        .getByRole('link', { name: /Previous lesson\s*Welcome video/ })
        .getAttribute('href'),
    ).toBe('/classroom/41/lessons/501');
    expect(
      within(nav)
        .getByRole('link', { name: /Next lesson\s*Live class: code review/ })
        .getAttribute('href'),
    ).toBe('/classroom/41/lessons/510');
  });
});

describe('lesson page: meeting', () => {
  const lesson = classroom.weeks[0]!.sections[0]!.lessons[2]!;
  const later = {
    occurrenceDate: '2031-03-10',
    startsAt: '2031-03-10T23:00:00Z',
    endsAt: '2031-03-11T00:30:00Z',
    opensAt: '2031-03-10T22:50:00Z',
    attended: false,
  };
  const detail = detailOf(lesson, { occurrences: [later, meetingOccurrence] });

  it('before the join window: the slot in both zones, a countdown and a disabled join', async () => {
    await renderLesson(detail, {}, { now: at('2031-03-03T23:00:00Z') });
    expect(screen.getByText('Starts in 1 hour')).toBeInTheDocument();
    expect(screen.getByText('Your time:').parentElement!.textContent).toBe(
      'Your time: Tuesday, March, 4th 2031 · 03:00 AM – 04:30 AM',
    );
    expect(screen.getByText('New York time:').parentElement!.textContent).toBe(
      'New York time: Monday, March, 3rd 2031 · 07:00 PM – 08:30 PM',
    );
    expect(screen.getByRole('button', { name: /Join meeting/ })).toBeDisabled();
    const all = screen.getByRole('region', { name: 'All meetings' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(2);
  });

  it('inside the window join is enabled; a 409 shows the server message', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderLesson(
      detail,
      {
        'POST /api/sessions/41/lessons/510/join': () =>
          json(409, { message: 'The meeting opens at 2031-03-03T23:50:00Z' }),
      },
      { now: at('2031-03-03T23:51:00Z') },
    );
    const join = screen.getByRole('button', { name: /Join meeting/ }) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    fireEvent.click(join);
    expect(await toastTitle('The meeting opens at 2031-03-03T23:50:00Z')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe('The meeting opens at 2031-03-03T23:50:00Z');
    expect(open).not.toHaveBeenCalled();
  });

  it('after the last meeting: nothing left to join, past meetings show attendance', async () => {
    await renderLesson(
      detailOf(lesson, {
        occurrences: [{ ...meetingOccurrence, attended: true }],
        lesson: { ...lesson, nextOccurrence: null },
      }),
      {},
      {
        now: at('2031-04-30T00:00:00Z'),
      },
    );
    expect(screen.getByRole('heading', { name: 'No meetings left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join meeting/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'All meetings' })).getByText('Attended')).toBeInTheDocument();
  });
});
