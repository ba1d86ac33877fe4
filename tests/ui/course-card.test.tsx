import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CourseCard } from '@/features/catalog/course-card';
import type { CourseSummary } from '../../src/lib/course-labels';
import { renderWithRouter } from './render';

afterEach(cleanup);

function course(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: 12,
    title: 'Modern web apps with React',
    description: 'Build and ship a full React application.',
    pictureUrl: '/uploads/courses/12.jpg',
    price: 149,
    numHours: 32,
    difficultyLevel: 'INTERMEDIATE',
    category: { id: 3, name: 'Web development', nameAr: 'تطوير الويب' },
    language: { id: 1, code: 'en', name: 'English' },
    educator: { id: 7, name: 'Salma Idrissi', pictureUrl: null },
    rating: { average: 4.6, count: 38 },
    gainedSkills: [],
    nextSession: {
      id: 40,
      courseId: 12,
      startDate: '2025-03-05',
      endDate: '2025-05-01',
      timezone: 'America/New_York',
      schedule: {
        sunday: null,
        monday: { start: '18:00', end: '20:00' },
        tuesday: null,
        wednesday: null,
        thursday: null,
        friday: null,
        saturday: null,
      },
      maxSeats: 20,
      seatsTaken: 19,
      seatsLeft: 1,
      price: 49.99,
      status: 'APPROVED',
      educator: { id: 7, name: 'Salma Idrissi', pictureUrl: null },
    },
    status: 'PUBLISHED',
    isPrivate: false,
    companyId: null,
    ...overrides,
  };
}

describe('CourseCard', () => {
  it('shows the next session price, date in the spec format, seats left and links to the course', async () => {
    await renderWithRouter(<CourseCard course={course()} />);
    const card = await screen.findByTestId('course-card');
    const link = within(card).getByRole('link', { name: 'Modern web apps with React' });
    expect(link.getAttribute('href')).toBe('/courses/12');
    expect(within(card).getByText('$49.99')).toBeTruthy();
    expect(within(card).getByText('Starts March, 5th 2025')).toBeTruthy();
    expect(within(card).getByText('1 seat left')).toBeTruthy();
    expect(within(card).getByText('with Salma Idrissi')).toBeTruthy();
    expect(within(card).getByText('Web development')).toBeTruthy();
    expect(within(card).getByText('Intermediate')).toBeTruthy();
    expect(within(card).getByRole('img', { name: /Rated 4\.6 out of 5/ })).toBeTruthy();
  });

  it('says "Free" for a free session', async () => {
    const free = course();
    free.nextSession = { ...free.nextSession!, price: 0 };
    await renderWithRouter(<CourseCard course={free} />);
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('Free')).toBeTruthy();
    expect(within(card).queryByText(/\$/)).toBeNull();
  });

  it('falls back to the course price and says when no session is scheduled', async () => {
    await renderWithRouter(<CourseCard course={course({ nextSession: null, price: 120 })} />);
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('$120')).toBeTruthy();
    expect(within(card).getByText('No upcoming session yet')).toBeTruthy();
  });

  it('speaks Arabic: category name, "Free", Arabic plural and date', async () => {
    const free = course();
    free.nextSession = { ...free.nextSession!, price: 0, seatsLeft: 3 };
    await renderWithRouter(<CourseCard course={free} />, { locale: 'ar' });
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('تطوير الويب')).toBeTruthy();
    expect(within(card).getByText('مجاني')).toBeTruthy();
    expect(within(card).getByText('بقيت 3 مقاعد')).toBeTruthy();
    expect(within(card).getByText(/تبدأ في .*مارس/)).toBeTruthy();
    expect(within(card).getByText('مع Salma Idrissi')).toBeTruthy();
  });
});
