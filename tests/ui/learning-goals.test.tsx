import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LearningGoalsScreen } from '@/features/learning-goals/learning-goals-page';
import { createApi } from '@/lib/api/client';
import type { LearningGoal } from '@machines/learning-goals.machine';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';

/** The learning-goals screen over a mocked API: what the learner sees and sends. */

const SKILLS = [
  { id: 2, name: 'Algorithms' },
  { id: 7, name: 'Python' },
  { id: 4, name: 'React' },
];
const algorithms: LearningGoal = {
  id: 11,
  skill: { id: 2, name: 'Algorithms' },
  progress: 42,
  achieved: false,
  courses: [
    {
      id: 30,
      title: 'Data Structures and Algorithms',
      pictureUrl: '/p.svg',
      sessionId: 301,
      startDate: '2031-05-05',
      endDate: '2031-06-01',
      completed: false,
      progress: 42,
    },
  ],
  suggestions: [
    {
      id: 31,
      title: 'Algorithms in Practice',
      pictureUrl: '/p.svg',
      difficultyLevel: 'INTERMEDIATE',
      nextSessionStartDate: '2031-06-10',
    },
  ],
  createdAt: '2031-05-01T10:00:00Z',
};
const python: LearningGoal = {
  id: 12,
  skill: { id: 7, name: 'Python' },
  progress: 0,
  achieved: false,
  courses: [],
  suggestions: [
    {
      id: 40,
      title: 'Introduction to Programming with Python',
      pictureUrl: '/p.svg',
      difficultyLevel: 'BEGINNER',
      nextSessionStartDate: null,
    },
  ],
  createdAt: '2031-05-02T10:00:00Z',
};

async function renderScreen(routes: Record<string, Handler>, locale: 'en' | 'ar' = 'en') {
  const mock = mockFetch({ 'GET /api/skills': () => json(200, { data: SKILLS }), ...routes });
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(<LearningGoalsScreen api={api} />, { locale });
  return mock;
}

describe('the learning goals screen', () => {
  it('shows the loading state, then the empty state, and adds a goal chosen in the skill picker', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mock = await renderScreen({
      'GET /api/v2/learningGoals': async () => (await gate, json(200, { data: [] })),
      'POST /api/v2/learningGoal': () => json(201, { data: python }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your learning goals…');
    await act(async () => release());
    expect(await screen.findByText('No learning goals yet')).toBeInTheDocument();

    const picker = screen.getByLabelText('Skill to acquire');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a skill', 'Algorithms', 'Python', 'React']);
    const add = screen.getByRole('button', { name: 'Add goal' });
    expect(add).toBeDisabled();
    fireEvent.change(picker, { target: { value: '7' } });
    fireEvent.click(add);

    const card = await screen.findByRole('article', { name: 'Python' });
    expect(
      within(card).getByRole('progressbar', { name: 'Progress toward Python' }).getAttribute('aria-valuenow'),
    ).toBe('0');
    expect(within(card).getByText('Not started')).toBeInTheDocument();
    expect(
      within(card)
        .getByRole('link', { name: /Introduction to Programming with Python/ })
        .getAttribute('href'),
    ).toBe('/courses/40');
    expect(within(card).getByText(/no open session yet/)).toBeInTheDocument();
    expect(screen.getByText('Goal added: Python')).toBeInTheDocument();
    // The picker no longer offers the skill just chosen.
    expect(
      within(screen.getByLabelText('Skill to acquire')).queryByRole('option', { name: 'Python' }),
    ).not.toBeInTheDocument();
    const post = mock.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post!.body!)).toEqual({ skillId: 7 });
  });

  it('shows progress and the course counted, and removes a goal only after confirmation', async () => {
    const mock = await renderScreen({
      'GET /api/v2/learningGoals': () => json(200, { data: [algorithms, python] }),
      'DELETE /api/v2/learningGoal/11': () => json(200, { data: { id: 11 } }),
    });
    const card = await screen.findByRole('article', { name: 'Algorithms' });
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(card).getByText('In progress')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Data Structures and Algorithms' })).toHaveAttribute(
      'href',
      '/sessions/301',
    );
    expect(within(card).getByText('42% of the session, ends on June, 1st 2031')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Algorithms in Practice/ })).toHaveTextContent(
      'Intermediate · open session from June, 10th 2031',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Remove: Algorithms' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this goal?' });
    expect(dialog).toHaveTextContent('Algorithms will no longer be one of your learning goals.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep goal' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mock.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove: Algorithms' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove goal' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Algorithms' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Python' })).toBeInTheDocument();
    expect(screen.getByText('Goal removed: Algorithms')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v2/learningGoal/11']);
  });

  it("shows the server's reason when a goal cannot be added, and a retry when the goals cannot be loaded", async () => {
    let failLoad = true;
    await renderScreen({
      'GET /api/v2/learningGoals': () =>
        failLoad ? json(503, { message: 'Down for maintenance' }) : json(200, { data: [] }),
      'POST /api/v2/learningGoal': () => json(409, { message: 'This skill is already one of your learning goals' }),
    });
    expect(await screen.findByText('Could not get your learning goals')).toBeInTheDocument();
    expect(screen.getByText('Down for maintenance')).toBeInTheDocument();
    failLoad = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No learning goals yet')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Skill to acquire'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The goal could not be added');
    expect(alert).toHaveTextContent('This skill is already one of your learning goals');
  });

  it('speaks Arabic', async () => {
    await renderScreen({ 'GET /api/v2/learningGoals': () => json(200, { data: [algorithms] }) }, 'ar');
    expect(await screen.findByRole('heading', { name: 'أهدافي' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'التقدّم نحو Algorithms' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('button', { name: 'إضافة الهدف' })).toBeInTheDocument();
  });
});
