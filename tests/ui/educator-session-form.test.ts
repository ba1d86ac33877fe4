import { describe, expect, it } from 'vitest';
import {
  defaultSessionForm,
  sessionFormFrom,
  shiftToFuture,
  toSessionRequest,
  validateSessionForm,
} from '@/lib/session-form';
import { weekly, EVENING } from '../fixtures';

const TODAY = '2031-01-15'; // a Wednesday

describe('request-session form', () => {
  it('starts on a Monday at least a week ahead, meets Monday and Wednesday, with the course price', () => {
    const form = defaultSessionForm({ price: 149, timezone: 'America/New_York', today: TODAY });
    expect(form.startDate).toBe('2031-01-27');
    expect(form.endDate).toBe('2031-03-21');
    expect(form.days.monday.enabled && form.days.wednesday.enabled).toBe(true);
    expect(form.price).toBe('149');
    expect(validateSessionForm(form, TODAY)).toEqual({});
  });

  it('builds the POST /sessions body: every weekday key, numbers, decimal dollars', () => {
    const form = defaultSessionForm({ price: 49.99, timezone: 'America/Chicago', today: TODAY });
    form.maxSeats = ' 30 ';
    expect(toSessionRequest(12, form)).toEqual({
      courseId: 12,
      startDate: '2031-01-27',
      endDate: '2031-03-21',
      timezone: 'America/Chicago',
      schedule: weekly({ monday: EVENING, wednesday: EVENING }),
      maxSeats: 30,
      price: 49.99,
    });
  });

  it('refuses past or inverted dates, no meeting day, an end time before the start, bad seats and prices', () => {
    const form = defaultSessionForm({ price: 0, timezone: '', today: TODAY });
    form.startDate = '2031-01-10';
    form.endDate = '2031-01-01';
    form.days.monday.enabled = false;
    form.days.wednesday.enabled = false;
    form.maxSeats = '0';
    form.price = '12.345';
    const errors = validateSessionForm(form, TODAY);
    expect(Object.keys(errors).sort()).toEqual(['endDate', 'maxSeats', 'price', 'schedule', 'startDate', 'timezone']);
    form.days.friday = { enabled: true, start: '20:00', end: '19:00' };
    expect(validateSessionForm(form, TODAY).friday?.message).toBe('The end time must be after the start time.');
  });

  it('duplicates keep the weekdays: dates move by whole weeks to start at least a week ahead', () => {
    expect(shiftToFuture('2030-03-04', '2030-04-26', TODAY)).toEqual({
      startDate: '2031-01-27',
      endDate: '2031-03-21',
    });
    expect(shiftToFuture('2031-06-02', '2031-07-25', TODAY)).toEqual({
      startDate: '2031-06-02',
      endDate: '2031-07-25',
    });
    const form = sessionFormFrom(
      {
        startDate: '2030-03-04',
        endDate: '2030-04-26',
        timezone: 'Africa/Casablanca',
        schedule: weekly({ tuesday: { start: '09:00', end: '11:30' } }),
        maxSeats: 18,
        price: 0,
      },
      TODAY,
    );
    expect(form.days.tuesday).toEqual({ enabled: true, start: '09:00', end: '11:30' });
    expect(form.days.monday.enabled).toBe(false);
    expect([form.timezone, form.maxSeats, form.price]).toEqual(['Africa/Casablanca', '18', '0']);
    expect(validateSessionForm(form, TODAY)).toEqual({});
  });
});
