import { describe, expect, it } from 'vitest';
import {
  type CourseFormValues,
  defaultCourseValues,
  isCourseFormDirty,
  serverErrorsForForm,
  validateCourseForm,
} from '@machines/course-editor.form';
import {
  addLesson,
  addSection,
  addWeek,
  moveLesson,
  moveSection,
  removeLesson,
  removeWeek,
} from '@/features/course-editor/syllabus-ops';
import { lesson, values } from './course-editor-form-shared';

describe('validateCourseForm (mirrors the server rules)', () => {
  it('a complete course passes', () => {
    expect(validateCourseForm(values, { creating: true })).toEqual({});
  });

  it('required fields, limits, numbers and the picture of a new course', () => {
    const errors = validateCourseForm(
      { ...defaultCourseValues(), title: 'x'.repeat(201), price: '-1', numHours: '2.5' },
      { creating: true },
    );
    expect(errors).toEqual({
      title: { code: 'tooLong', limit: 200 },
      description: { code: 'required' },
      courseCategoryId: { code: 'required' },
      price: { code: 'min', limit: 0 },
      numHours: { code: 'integer' },
      picture: { code: 'pictureRequired' },
    });
    expect(validateCourseForm({ ...values, picture: null }, { creating: false })).toEqual({});
  });

  it('session fields are all-or-nothing, dates in order, weekly slots end after they start', () => {
    expect(
      validateCourseForm({ ...values, startDate: '', maxSeats: '0', endDate: '2025-01-01' }, { creating: false }),
    ).toEqual({
      startDate: { code: 'required' },
      maxSeats: { code: 'min', limit: 1 },
    });
    expect(validateCourseForm({ ...values, endDate: '2025-03-01' }, { creating: false })).toEqual({
      endDate: { code: 'endBeforeStart' },
    });
    const schedule = { ...values.schedule, tuesday: { enabled: true, start: '20:00', end: '19:00' } };
    expect(validateCourseForm({ ...values, schedule }, { creating: false })).toEqual({
      'weeks.tuesday': { code: 'slotEndBeforeStart' },
    });
  });

  it('sections and lessons are checked at their server paths', () => {
    const syllabus = addLesson(addSection(values.syllabus, 1), 1, 1, lesson('n', '', '', 'abc', 'ftp://x'));
    expect(validateCourseForm({ ...values, syllabus }, { creating: false })).toEqual({
      'sections[2][1][name]': { code: 'required' },
      'lessons[2][1][0][lessonTypeId]': { code: 'required' },
      'lessons[2][1][0][name]': { code: 'required' },
      'lessons[2][1][0][duration]': { code: 'number' },
      'lessons[2][1][0][link]': { code: 'link' },
    });
  });

  it('server errors are keyed by form field (product.md#validation normalisation output)', () => {
    expect(
      serverErrorsForForm({
        pictureId: 'Required',
        'requiredSkills[1]': 'Unknown skill',
        'lessons[1][0][2][duration]': 'Too long',
      }),
    ).toEqual({
      picture: 'Required',
      requiredSkills: 'Unknown skill',
      'lessons[1][0][2][duration]': 'Too long',
    });
  });
});

describe('syllabus operations', () => {
  it('move sections within and across weeks; out of range leaves the syllabus as it is', () => {
    const two = addSection(values.syllabus, 0, { key: 's9', name: 'Extra', lessons: [] });
    const down = moveSection(two, { week: 0, index: 0 }, { week: 0, index: 1 });
    expect(down[0]!.sections.map((s) => s.name)).toEqual(['Extra', 'Basics']);
    expect(two[0]!.sections.map((s) => s.name)).toEqual(['Basics', 'Extra']); // untouched
    const across = moveSection(two, { week: 0, index: 1 }, { week: 1, index: 99 });
    expect(across.map((w) => w.sections.map((s) => s.name))).toEqual([['Basics'], ['State', 'Extra']]);
    expect(moveSection(two, { week: 5, index: 0 }, { week: 0, index: 0 })).toBe(two);
  });

  it('add and remove weeks and lessons', () => {
    const three = addWeek(values.syllabus);
    expect(three).toHaveLength(3);
    expect(removeWeek(three, 0).map((w) => w.key)).toEqual(['w2', three[2]!.key]);
    expect(removeLesson(values.syllabus, 0, 0, 0)[0]!.sections[0]!.lessons.map((l) => l.name)).toEqual([
      'Live kick-off',
    ]);
  });
});

describe('isCourseFormDirty (unsaved-changes guard)', () => {
  const copy = (): CourseFormValues => structuredClone(values);

  it('is clean for the same values, an equal copy, and a new course left at its defaults', () => {
    expect(isCourseFormDirty(values, values)).toBe(false);
    expect(isCourseFormDirty(copy(), values)).toBe(false);
    expect(isCourseFormDirty(defaultCourseValues(), defaultCourseValues())).toBe(false);
  });

  it('is dirty after any edit: a text, a flag, a weekly slot, a finished upload, the syllabus', () => {
    expect(isCourseFormDirty({ ...copy(), title: 'Other' }, values)).toBe(true);
    expect(isCourseFormDirty({ ...copy(), isPrivate: false }, values)).toBe(true);
    const slot = copy();
    slot.schedule.friday.enabled = true;
    expect(isCourseFormDirty(slot, values)).toBe(true);
    expect(
      isCourseFormDirty({ ...copy(), picture: { id: 80, url: '/uploads/courses/80.png', name: 'new.png' } }, values),
    ).toBe(true);
    expect(isCourseFormDirty({ ...copy(), video: null }, values)).toBe(true);
    const renamed = copy();
    renamed.syllabus[1]!.sections[0]!.lessons[0]!.duration = '60';
    expect(isCourseFormDirty(renamed, values)).toBe(true);
    expect(
      isCourseFormDirty(
        {
          ...copy(),
          syllabus: moveLesson(values.syllabus, { week: 0, section: 0, index: 0 }, { week: 0, section: 0, index: 1 }),
        },
        values,
      ),
    ).toBe(true);
    expect(isCourseFormDirty({ ...copy(), syllabus: addWeek(values.syllabus) }, values)).toBe(true);
  });

  it('an edit undone is clean again; list keys and lesson ids (never sent) do not count', () => {
    const undone = { ...copy(), title: 'Other' };
    undone.title = values.title;
    expect(isCourseFormDirty(undone, values)).toBe(false);
    const rekeyed = copy();
    rekeyed.syllabus[0]!.key = 'another';
    rekeyed.syllabus[0]!.sections[0]!.lessons[0]!.key = 'moved';
    rekeyed.syllabus[0]!.sections[0]!.lessons[0]!.id = 501;
    expect(isCourseFormDirty(rekeyed, values)).toBe(false);
    // A property set to undefined is the same as an absent one.
    expect(
      isCourseFormDirty(
        { ...copy(), video: { ...values.video!, name: undefined } as CourseFormValues['video'] },
        values,
      ),
    ).toBe(false);
  });
});
