import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LessonAuthoringScreen } from '@/features/lesson-authoring/lesson-authoring-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { field, programming, puts, quiz, renderScreen, type } from './lesson-authoring-shared';

describe('LessonAuthoringScreen', () => {
  it('leaving with unsaved changes asks to confirm; staying keeps the edits, leaving goes back to the course', async () => {
    await renderScreen(quiz);
    type('Content (HTML)', '<p>Changed</p>');
    const back = screen.getByRole('link', { name: /Back to React in practice/ });
    expect(back).toHaveAttribute('href', '/courses/live/edit?id=12');
    fireEvent.click(back);
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(field('Content (HTML)').value).toBe('<p>Changed</p>');
    fireEvent.click(screen.getByRole('link', { name: /Back to React in practice/ }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    // The router left the screen for the course editor.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Hooks quiz' })).not.toBeInTheDocument(),
    );
  });

  it('any other link (e.g. in the header) asks too with unsaved changes, and not at all without', async () => {
    await renderScreen(quiz, {}, { headerLink: true });
    type('Content (HTML)', '<p>Changed</p>');
    fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(field('Content (HTML)').value).toBe('<p>Changed</p>');
    fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Hooks quiz' })).not.toBeInTheDocument(),
    );

    cleanup();
    await renderScreen(quiz, {}, { headerLink: true });
    fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Hooks quiz' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a programming assignment shows only its parts, and edits its tests', async () => {
    const { calls } = await renderScreen(programming, {
      'PUT /api/lessons/42/authoring': () => json(200, { data: programming }),
    });
    expect(screen.getByText('Lesson content · Programming assignment')).toBeInTheDocument();
    for (const heading of ['Content', 'Grading', 'Programming'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    for (const heading of ['Questions', 'Video', 'Meeting'])
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Time limit (minutes)')).not.toBeInTheDocument();
    expect(field(/^Function name/).value).toBe('sum');
    expect(field(/^Arguments of test 1/).value).toBe('[1,2]');
    // The lab's language: JavaScript for a lab that has none; the educator picks Python.
    expect(field(/^Language/).value).toBe('javascript');
    fireEvent.change(field(/^Language/), { target: { value: 'python' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a test' }));
    type(/^Name of test 2/, 'negatives');
    type(/^Arguments of test 2/, '-1, -2');
    type(/^Expected result of test 2/, '-3');
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(screen.getByText('Enter a JSON list, for example [1, "a"].')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    type(/^Arguments of test 2/, '[-1, -2]');
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
    expect(JSON.parse(puts(calls)[0]!.body!)).toEqual({
      contentHtml: null,
      points: 10,
      allowLate: false,
      programming: {
        language: 'python',
        functionName: 'sum',
        starterCode: 'function sum(a, b) {\n}',
        tests: [
          { name: 'adds', args: [1, 2], expected: 3 },
          { name: 'negatives', args: [-1, -2], expected: -3 },
        ],
      },
    });
  });

  it('a meeting shows its link, day and time only', async () => {
    await renderScreen({
      ...quiz,
      lessonId: 43,
      type: 'meeting',
      name: 'Weekly call',
      link: 'https://meet.example/x',
      day: 'monday',
      startTime: '18:30:00',
      questions: [],
    });
    expect(field('Meeting link').value).toBe('https://meet.example/x');
    // The link is optional: without one the meeting opens its session's own room.
    expect(field('Meeting link')).toHaveAccessibleDescription("Leave it empty to use the session's own video room.");
    expect(field('Meeting link')).not.toBeRequired();
    expect((field('Day') as unknown as HTMLSelectElement).value).toBe('monday');
    expect(field('Start time').value).toBe('18:30');
    for (const heading of ['Questions', 'Grading', 'Programming', 'Video'])
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
  });

  it('a failed load offers to try again', async () => {
    await renderWithRouter(<div />);
    cleanup();
    const { fetch } = mockFetch({
      'GET /api/lessons/41/authoring': (_request, call) =>
        call === 1 ? json(500, { message: 'Database down' }) : json(200, { data: quiz }),
    });
    const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
    await renderWithRouter(<LessonAuthoringScreen api={api} lessonId={41} />);
    expect(await screen.findByText('The lesson could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hooks quiz' })).toBeInTheDocument();
  });
});
