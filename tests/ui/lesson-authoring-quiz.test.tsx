import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../machines/fetch-mock';
import { FakeXhr } from './course-editor-fakes';
import { field, puts, quiz, renderScreen, type } from './lesson-authoring-shared';

describe('LessonAuthoringScreen', () => {
  it('loads a quiz: its header and only the parts a quiz has', async () => {
    await renderScreen(quiz);
    expect(screen.getByText('Lesson content · Quiz')).toBeInTheDocument();
    // The course is named in the header and in the way back.
    expect(screen.getByText(/Lesson of the course/).textContent).toBe(
      'Lesson of the course React in practice. Changes are kept when you save the lesson.',
    );
    expect(screen.getByRole('link', { name: /Back to React in practice/ })).toHaveAttribute(
      'href',
      '/courses/live/edit?id=12',
    );
    expect(field('Content (HTML)').value).toBe('<p>Answer calmly.</p>');
    expect(field(/^Points\*?$/).value).toBe('10');
    expect(field('Time limit (minutes)').value).toBe('15');
    expect(field(/^Prompt of question 1/).value).toBe('Which hook holds state?');
    expect(
      (screen.getByRole('radio', { name: /Correct \(option 1 of question 1\)/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByRole('radio', { name: 'True' }) as HTMLInputElement).checked).toBe(true);
    for (const heading of ['Content', 'Grading', 'Questions'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    for (const heading of ['Video', 'Meeting', 'Programming'])
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
  });

  it('edits and adds questions, refuses a broken form without sending it, then saves the expected body', async () => {
    const { calls } = await renderScreen(quiz, {
      'PUT /api/lessons/41/authoring': async (request) => {
        const body = (await request.clone().json()) as { questions: object[] };
        return json(200, { data: { ...quiz, questions: body.questions.map((q, i) => ({ id: 100 + i, ...q })) } });
      },
    });
    type(/^Prompt of question 1/, 'Which hook keeps state between renders?');
    fireEvent.click(screen.getByRole('radio', { name: /Correct \(option 2 of question 1\)/ }));
    fireEvent.change(field('Kind of the new question'), { target: { value: 'SHORT_ANSWER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.getAllByTestId('authoring-question')).toHaveLength(3);
    expect(screen.getByTestId('questions-announcer').textContent).toBe('Question 3 added.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    const prompt3 = field(/^Prompt of question 3/);
    expect(prompt3).toHaveAttribute('aria-invalid', 'true');
    const third = screen.getAllByTestId('authoring-question')[2]!;
    expect(within(third).getByText('This field is required.')).toBeInTheDocument();
    expect(within(third).getByText('Give at least one accepted answer.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(prompt3));
    expect(puts(calls)).toHaveLength(0);

    type(/^Prompt of question 3/, 'Name the state hook.');
    expect(field(/^Prompt of question 3/)).not.toHaveAttribute('aria-invalid');
    type(/^Accepted answer 1 of question 3/, 'useState');
    type(/^Points of question 3/, '3');
    // Reorder: the new question moves up, before the true/false one.
    fireEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    expect(screen.getByTestId('questions-announcer').textContent).toBe('Question 3 moved to position 2 of 3.');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move question 2 up' })),
    );
    type('Time limit (minutes)', '');

    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('Lesson saved', { selector: '[data-part=title]' })).toBeInTheDocument();
    const put = puts(calls)[0]!;
    expect(put.path).toBe('/api/lessons/41/authoring');
    expect(JSON.parse(put.body!)).toEqual({
      contentHtml: '<p>Answer calmly.</p>',
      points: 10,
      allowLate: false,
      timeLimitMinutes: null,
      questions: [
        // The SINGLE question, reworded and with the other option correct.
        { ...quiz.questions[0]!, prompt: 'Which hook keeps state between renders?', answer: ['b'] },
        {
          kind: 'SHORT_ANSWER',
          prompt: 'Name the state hook.',
          pictureUrl: null,
          points: 3,
          explanation: null,
          options: [],
          answer: ['useState'],
        },
        // The TRUE_FALSE question, unchanged.
        quiz.questions[1]!,
      ],
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('a refused save shows the server field errors next to their fields, and a toast', async () => {
    await renderScreen(quiz, {
      'PUT /api/lessons/41/authoring': () =>
        json(400, {
          message: 'Validation failed',
          errors: [
            { path: 'questions.1.prompt', message: 'This prompt is used twice' },
            { path: 'points', message: 'Too many points for this course' },
          ],
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('This prompt is used twice')).toBeInTheDocument();
    expect(field(/^Prompt of question 2/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Too many points for this course')).toBeInTheDocument();
    expect(field(/^Points\*?$/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      await screen.findByText('The lesson could not be saved, try again !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    // Editing the field drops its server error.
    type(/^Prompt of question 2/, 'Hooks always run in the same order.');
    expect(screen.queryByText('This prompt is used twice')).not.toBeInTheDocument();
    expect(screen.getByText('Too many points for this course')).toBeInTheDocument();
  });

  it("uploads a question's picture with progress, previews it, saves its url; removing it saves null", async () => {
    const realXhr = globalThis.XMLHttpRequest;
    FakeXhr.last = null;
    FakeXhr.count = 0;
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
    try {
      const { calls } = await renderScreen(quiz, {
        'PUT /api/lessons/41/authoring': async (request) => {
          const body = (await request.clone().json()) as { questions: object[] };
          return json(200, { data: { ...quiz, questions: body.questions } });
        },
      });
      const input = screen.getByLabelText('Picture of question 2') as HTMLInputElement;
      expect(input.type).toBe('file');
      expect(input.accept).toContain('image/png');
      expect(screen.queryByRole('button', { name: /Remove picture/ })).not.toBeInTheDocument();

      // A file of the wrong type is refused next to the field, nothing is sent.
      fireEvent.change(input, { target: { files: [new File(['x'], 'diagram.gif', { type: 'image/gif' })] } });
      expect(await screen.findByText('File type must be png, jpeg')).toBeInTheDocument();
      expect(FakeXhr.count).toBe(0);

      fireEvent.change(input, {
        target: { files: [new File([new Uint8Array(4096)], 'hooks.png', { type: 'image/png' })] },
      });
      const xhr = FakeXhr.last!;
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v2/questions/upload/picture']);
      expect((xhr.body!.get('picture') as File).name).toBe('hooks.png');
      expect(screen.queryByText('File type must be png, jpeg')).not.toBeInTheDocument();
      act(() => xhr.progress(1024, 4096));
      const bar = screen.getByRole('progressbar', { name: 'Uploading hooks.png' });
      expect(bar).toHaveAttribute('aria-valuenow', '25');
      // No save while a picture uploads.
      expect(screen.getByText('Wait for the upload to finish to save.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save the lesson' })).toBeDisabled();
      // An edit made during the upload is kept when the picture arrives.
      type(/^Prompt of question 2/, 'Hooks always run in the same order.');
      act(() => xhr.respond(201, { data: { id: 77, url: '/uploads/77.png', type: 'QUESTIONPICTURE' } }));

      const preview = await screen.findByRole('img', { name: 'Preview of 77.png' });
      expect(preview).toHaveAttribute('src', '/uploads/77.png');
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save the lesson' })).not.toBeDisabled());
      expect(screen.queryByText('Wait for the upload to finish to save.')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
      await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
      const saved = JSON.parse(puts(calls)[0]!.body!) as { questions: { prompt: string; pictureUrl: string | null }[] };
      expect(saved.questions.map((q) => [q.prompt, q.pictureUrl])).toEqual([
        ['Which hook holds state?', null],
        ['Hooks always run in the same order.', '/uploads/77.png'],
      ]);

      fireEvent.click(screen.getByRole('button', { name: 'Remove picture of question 2' }));
      expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
      expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
      await vi.waitFor(() => expect(puts(calls)).toHaveLength(2));
      const cleared = JSON.parse(puts(calls)[1]!.body!) as { questions: { pictureUrl: string | null }[] };
      expect(cleared.questions.map((q) => q.pictureUrl)).toEqual([null, null]);
    } finally {
      (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
    }
  });

  it('a picture the server refuses shows its error next to the picture field', async () => {
    await renderScreen(
      { ...quiz, questions: [{ ...quiz.questions[0]!, pictureUrl: '/uploads/old.png' }] },
      {
        'PUT /api/lessons/41/authoring': () =>
          json(400, {
            message: 'Some fields are invalid',
            errors: [
              { path: 'questions.0.pictureUrl', message: 'must be a picture uploaded for a question (/uploads/…)' },
            ],
          }),
      },
    );
    expect(screen.getByRole('img', { name: 'Preview of old.png' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('must be a picture uploaded for a question (/uploads/…)')).toBeInTheDocument();
    expect(screen.getByLabelText('Picture of question 1') as HTMLInputElement).toHaveAttribute('aria-invalid', 'true');
  });

  it('removing a question asks first', async () => {
    await renderScreen(quiz);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove question 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('authoring-question')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('authoring-question')).toHaveLength(1));
    expect(field(/^Prompt of question 1/).value).toBe('Hooks run in order.');
  });
});
