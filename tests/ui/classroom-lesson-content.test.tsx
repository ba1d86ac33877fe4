import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../machines/fetch-mock';
import { classroom, detailOf, lessonOf } from './classroom-fixtures';
import { LAZY_CHUNK_MS, renderLesson, restoreMocksAfterEach, toastTitle } from './classroom-lesson-shared';

restoreMocksAfterEach();

describe('lesson page: video and reading', () => {
  it('plays an uploaded video with captions, records the opening and "Mark as done"', async () => {
    const lesson = lessonOf(501, 'Welcome video', 'video');
    const mock = await renderLesson(
      detailOf(lesson, { videoUrl: '/uploads/videos/welcome.mp4', captionsUrl: '/uploads/videos/welcome.vtt' }),
      {
        'POST /api/sessions/41/lessons/501/progress': async (request) => {
          const { status } = (await request.json()) as { status: string };
          return json(200, { data: { lessonId: 501, sessionId: 41, status } });
        },
      },
    );
    const video = screen.getByLabelText('Video: Welcome video') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/uploads/videos/welcome.mp4');
    const track = video.querySelector('track')!;
    expect([track.getAttribute('kind'), track.getAttribute('src')]).toEqual([
      'captions',
      '/uploads/videos/welcome.vtt',
    ]);
    await waitFor(() => expect(screen.getByText('In progress')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('You finished this lesson.')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(mock.calls.map((c) => JSON.parse(c.body!).status)).toEqual(['IN_PROGRESS', 'DONE']);
  });

  it('links to a video hosted elsewhere instead of playing it', async () => {
    await renderLesson(
      detailOf(lessonOf(501, 'Welcome video', 'video', { status: 'DONE' }), {
        videoUrl: 'https://videos.example.org/watch?v=42',
      }),
    );
    expect(screen.getByRole('link', { name: 'Watch the video (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://videos.example.org/watch?v=42',
    );
    expect(screen.queryByText('Mark as done')).not.toBeInTheDocument();
  });

  it('renders the reading HTML and reports a failed "Mark as done"', async () => {
    const lesson = lessonOf(502, 'Closures explained', 'reading', { status: 'IN_PROGRESS' });
    await renderLesson(detailOf(lesson, { contentHtml: '<p>A <strong>closure</strong> keeps its scope.</p>' }), {
      'POST /api/sessions/41/lessons/502/progress': () => json(500, { message: 'Boom' }),
    });
    expect(screen.getByText('closure').tagName).toBe('STRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await toastTitle('Could not save your progress')).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
  });
});

describe('lesson page: quiz', () => {
  it('mounts the quiz player (tests/ui/quiz-lesson.test.tsx) for quiz and learning-path lessons', async () => {
    const mock = await renderLesson(
      detailOf(lessonOf(503, 'Types and coercion', 'quiz', { points: 100 }), { questionCount: 5 }),
      {
        'GET /api/sessions/41/lessons/503/attempts': () => json(200, { data: [] }),
      },
    );
    // The quiz player is a lazily loaded chunk: its first import (a module transform under Vitest) may take seconds on a busy machine.
    const intro = await screen.findByRole('region', { name: 'About this quiz' }, { timeout: LAZY_CHUNK_MS });
    expect(within(intro).getByText('Questions').nextSibling!.textContent).toBe('5');
    expect(await screen.findByRole('button', { name: 'Start the quiz' })).toBeInTheDocument();
    expect(mock.calls.map((c) => c.path)).toEqual(['/api/sessions/41/lessons/503/attempts']);
  });

  it('a learning path gets the same player; educators see its overview only', async () => {
    const mock = await renderLesson(
      detailOf(lessonOf(506, 'Closures step by step', 'learningObjective'), { questionCount: 3 }),
      {},
      {
        data: { ...classroom, viewerRole: 'EDUCATOR' },
      },
    );
    expect(
      await screen.findByText('Learners follow this learning path here.', undefined, { timeout: LAZY_CHUNK_MS }),
    ).toBeInTheDocument();
    expect(mock.calls).toEqual([]);
  });
});
