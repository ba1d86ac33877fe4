import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoursePage } from '@/features/courses/course-page';
import { aCourse } from '../fixtures';
import { restoredAuth } from './auth-actor';
import { renderWithRouter } from './render';

const course = {
  ...aCourse({ id: 7, title: 'Intro to Algorithms', rating: { average: 0, count: 0 } }),
  about: 'Sorting and graphs, live.',
  videoUrl: null,
  requiredSkills: [],
  sessionsCount: 0,
};

describe('the course page without reviews', () => {
  it('says "No reviews yet" once, where the reviews would be', async () => {
    const auth = await restoredAuth(null);
    await renderWithRouter(<CoursePage data={{ course, sessions: [], reviews: { items: [], total: 0 } }} />, {
      context: { auth },
    });
    await screen.findByRole('heading', { level: 1, name: 'Intro to Algorithms' });
    expect(screen.getAllByText('No reviews yet')).toHaveLength(1);
  });
});
