import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseCard } from '@/features/catalog/course-card';
import type { CourseSummary } from '../../src/lib/course-labels';
import { aCourse, aSessionSummary } from '../fixtures';
import { renderWithRouter } from './render';

function course(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return aCourse({
    description: 'Build and ship a full React application.',
    nextSession: aSessionSummary({
      id: 40,
      startDate: '2025-03-05',
      endDate: '2025-05-01',
      maxSeats: 20,
      seatsTaken: 19,
      price: 49.99,
      status: 'APPROVED',
    }),
    ...overrides,
  });
}

describe('CourseCard', () => {
  it('shows the next session price, date in the spec format, seats left and links to the course', async () => {
    await renderWithRouter(<CourseCard course={course()} />);
    const card = await screen.findByTestId('course-card');
    const link = within(card).getByRole('link', { name: 'Modern web apps with React' });
    expect(link).toHaveAttribute('href', '/courses/12');
    expect(within(card).getByText('$49.99')).toBeInTheDocument();
    expect(within(card).getByText('Starts March, 5th 2025')).toBeInTheDocument();
    expect(within(card).getByText('1 seat left')).toBeInTheDocument();
    expect(within(card).getByText('with Salma Idrissi')).toBeInTheDocument();
    expect(within(card).getByText('Web development')).toBeInTheDocument();
    expect(within(card).getByText('Intermediate')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /Rated 4\.6 out of 5/ })).toBeInTheDocument();
  });

  it('says "Free" for a free session', async () => {
    const free = course();
    free.nextSession = { ...free.nextSession!, price: 0 };
    await renderWithRouter(<CourseCard course={free} />);
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('Free')).toBeInTheDocument();
    expect(within(card).queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('falls back to the course price and says when no session is scheduled', async () => {
    await renderWithRouter(<CourseCard course={course({ nextSession: null, price: 120 })} />);
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('$120')).toBeInTheDocument();
    expect(within(card).getByText('No upcoming session yet')).toBeInTheDocument();
  });

  it('speaks Arabic: category name, "Free", Arabic plural and date', async () => {
    const free = course();
    free.nextSession = { ...free.nextSession!, price: 0, seatsLeft: 3 };
    await renderWithRouter(<CourseCard course={free} />, { locale: 'ar' });
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('تطوير الويب')).toBeInTheDocument();
    expect(within(card).getByText('مجاني')).toBeInTheDocument();
    expect(within(card).getByText('بقيت 3 مقاعد')).toBeInTheDocument();
    expect(within(card).getByText(/تبدأ في .*مارس/)).toBeInTheDocument();
    expect(within(card).getByText('مع Salma Idrissi')).toBeInTheDocument();
  });
});
