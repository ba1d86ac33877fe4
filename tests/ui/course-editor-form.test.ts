import { describe, expect, it } from 'vitest';
import {
  type CourseEditorData,
  type CourseFormValues,
  defaultCourseValues,
  fromEditorData,
  isCourseFormDirty,
  serverErrorsForForm,
  validateCourseForm,
  withSavedLessonIds,
} from '@machines/course-editor.form';
import { toCourseFormData, toCourseFormEntries } from '@machines/course-editor.form-data';
import {
  addLesson,
  addSection,
  addWeek,
  moveLesson,
  moveSection,
  removeLesson,
  removeWeek,
} from '@/features/course-editor/syllabus-ops';
import { weekly, EVENING } from '../fixtures';

const lesson = (key: string, name: string, lessonTypeId = '3', duration = '30', link = '') => ({
  key,
  lessonTypeId,
  name,
  duration,
  link,
});

/** Two weeks, two sections, three lessons, skills, a session with two weekly meetings. */
const values: CourseFormValues = {
  ...defaultCourseValues(),
  title: '  Modern web apps with React ',
  courseCategoryId: '3',
  languageId: '2',
  description: 'Build and ship a React application.',
  about: 'Eight weeks, one project.',
  price: '149.5',
  numHours: '24',
  difficultyLevel: 'INTERMEDIATE',
  hasMultiInstructors: true,
  isPrivate: true,
  requiredSkills: '2|4',
  gainedSkills: '9',
  picture: { id: 77, url: '/uploads/courses/77.png', name: 'cover.png' },
  video: { id: 78, url: '/uploads/courses/78.mp4' },
  startDate: '2025-03-03',
  endDate: '2025-04-25',
  timezone: 'America/New_York',
  maxSeats: '25',
  schedule: {
    ...defaultCourseValues().schedule,
    monday: { enabled: true, start: '18:00', end: '20:00' },
    wednesday: { enabled: true, start: '18:30', end: '20:00' },
    friday: { enabled: false, start: '09:00', end: '10:00' },
  },
  syllabus: [
    {
      key: 'w1',
      sections: [
        {
          key: 's1',
          name: 'Basics',
          lessons: [
            lesson('l1', 'Why React', '3', '30', 'https://react.dev'),
            lesson('l2', 'Live kick-off', '1', '90'),
          ],
        },
      ],
    },
    { key: 'w2', sections: [{ key: 's2', name: 'State', lessons: [lesson('l3', 'useState', '2', '45')] }] },
  ],
};

describe('toCourseFormEntries (product.md#entities payload)', () => {
  it('produces exactly the spec multipart keys, in order, with order from position', () => {
    expect(toCourseFormEntries(values, { action: 'submit', companyId: 5 })).toEqual([
      ['action', 'submit'],
      ['title', 'Modern web apps with React'],
      ['about', 'Eight weeks, one project.'],
      ['description', 'Build and ship a React application.'],
      ['courseCategoryId', '3'],
      ['languageId', '2'],
      ['pictureId', '77'],
      ['videoId', '78'],
      ['hasMultiInstructors', 'true'],
      ['isPrivate', 'true'],
      ['companyId', '5'],
      ['price', '149.5'],
      ['numHours', '24'],
      ['difficultyLevel', 'INTERMEDIATE'],
      ['maxSeats', '25'],
      ['startDate', '2025-03-03'],
      ['endDate', '2025-04-25'],
      ['timezone', 'America/New_York'],
      ['recurring', 'true'],
      ['weeks', JSON.stringify(weekly({ monday: EVENING, wednesday: { start: '18:30', end: '20:00' } }))],
      ['requiredSkills[0]', '2'],
      ['requiredSkills[1]', '4'],
      ['gainedSkills[0]', '9'],
      ['sections[1][0][name]', 'Basics'],
      ['sections[1][0][order]', '1'],
      ['lessons[1][0][0][lessonTypeId]', '3'],
      ['lessons[1][0][0][name]', 'Why React'],
      ['lessons[1][0][0][order]', '1'],
      ['lessons[1][0][0][duration]', '30'],
      ['lessons[1][0][0][link]', 'https://react.dev'],
      ['lessons[1][0][1][lessonTypeId]', '1'],
      ['lessons[1][0][1][name]', 'Live kick-off'],
      ['lessons[1][0][1][order]', '2'],
      ['lessons[1][0][1][duration]', '90'],
      ['sections[2][0][name]', 'State'],
      ['sections[2][0][order]', '1'],
      ['lessons[2][0][0][lessonTypeId]', '2'],
      ['lessons[2][0][0][name]', 'useState'],
      ['lessons[2][0][0][order]', '1'],
      ['lessons[2][0][0][duration]', '45'],
    ]);
  });

  it('a new course without session, skills, video or company: weeks "[]", no session keys, defaults', () => {
    const entries = toCourseFormEntries(
      { ...defaultCourseValues(), title: 'T', description: 'D', courseCategoryId: '1', numHours: '3' },
      { action: 'save' },
    );
    expect(entries).toEqual([
      ['action', 'save'],
      ['title', 'T'],
      ['about', ''],
      ['description', 'D'],
      ['courseCategoryId', '1'],
      ['languageId', '1'],
      ['hasMultiInstructors', 'false'],
      ['price', '0'],
      ['numHours', '3'],
      ['difficultyLevel', 'BEGINNER'],
      ['recurring', 'true'],
      ['weeks', '[]'],
    ]);
  });

  it('a public course of a company user sends isPrivate false and no companyId', () => {
    const keys = toCourseFormEntries({ ...values, isPrivate: false }, { action: 'save', companyId: 5 });
    expect(keys).toContainEqual(['isPrivate', 'false']);
    expect(keys.map(([k]) => k)).not.toContain('companyId');
  });

  it('reordering sections and lessons changes the indexes and orders sent', () => {
    const moved = moveLesson(
      moveSection(values.syllabus, { week: 1, index: 0 }, { week: 0, index: 0 }),
      { week: 0, section: 1, index: 1 },
      { week: 0, section: 0, index: 0 },
    );
    const entries = Object.fromEntries(toCourseFormEntries({ ...values, syllabus: moved }, { action: 'save' }));
    expect(entries['sections[1][0][name]']).toBe('State');
    expect(entries['sections[1][1][name]']).toBe('Basics');
    expect(entries['sections[1][1][order]']).toBe('2');
    expect(entries['lessons[1][0][0][name]']).toBe('Live kick-off');
    expect(entries['lessons[1][0][1][name]']).toBe('useState');
    expect(entries['lessons[1][0][1][order]']).toBe('2');
    expect(entries['lessons[1][1][0][name]']).toBe('Why React');
    expect(Object.keys(entries).some((k) => k.startsWith('sections[2]'))).toBe(false);
  });

  it('toCourseFormData is the same entries as FormData', () => {
    const form = toCourseFormData(values, { action: 'save' });
    expect([...form.entries()]).toEqual(toCourseFormEntries(values, { action: 'save' }));
  });
});

describe('fromEditorData (product.md#entities initial data)', () => {
  const data: CourseEditorData = {
    id: 12,
    status: 'DRAFT',
    moderationMessage: null,
    title: 'React',
    courseCategoryId: 3,
    languageId: 1,
    description: 'Build',
    about: 'About',
    price: 0,
    numHours: 20,
    difficultyLevel: 'ADVANCED',
    hasMultiInstructors: true,
    isPrivate: false,
    companyId: null,
    pictureId: null,
    pictureUrl: '/uploads/12.jpg',
    videoId: 5,
    videoUrl: '/uploads/5.mp4',
    courseSkills: [
      { type: 'REQUIRED', skill: { id: 2, name: 'JavaScript' } },
      { type: 'GAINED', skill: { id: 4, name: 'React' } },
    ],
    requiredSkills: '2',
    gainedSkills: '4',
    session: null,
    weeks: null,
    syllabus: [
      { week: 3, sections: [{ name: 'Late', order: 1, lessons: [] }] },
      {
        week: 1,
        sections: [
          { name: 'Second', order: 2, lessons: [] },
          {
            name: 'First',
            order: 1,
            lessons: [
              { id: 502, lessonTypeId: 1, name: 'b', order: 2, duration: 10, link: null },
              { id: 501, lessonTypeId: 2, name: 'a', order: 1, duration: 20, link: 'https://x.test' },
            ],
          },
        ],
      },
    ],
  };

  it('maps fields, skills, media, and the syllabus by week and order (gaps become empty weeks)', () => {
    const v = fromEditorData(data);
    expect(v).toMatchObject({
      title: 'React',
      courseCategoryId: '3',
      price: '0',
      numHours: '20',
      difficultyLevel: 'ADVANCED',
      requiredSkills: '2',
      gainedSkills: '4',
      picture: { id: null, url: '/uploads/12.jpg' },
      video: { id: 5, url: '/uploads/5.mp4' },
      startDate: '',
      maxSeats: '',
    });
    expect(v.syllabus.map((w) => w.sections.map((s) => s.name))).toEqual([['First', 'Second'], [], ['Late']]);
    expect(v.syllabus[0]!.sections[0]!.lessons.map((l) => [l.name, l.lessonTypeId, l.duration, l.link])).toEqual([
      ['a', '2', '20', 'https://x.test'],
      ['b', '1', '10', ''],
    ]);
    // A picture without an upload id is not sent again on update.
    expect(toCourseFormEntries(v, { action: 'save' }).map(([k]) => k)).not.toContain('pictureId');
  });

  it('keeps each lesson id for the edit links, without sending it (product.md#entities payload unchanged)', () => {
    const v = fromEditorData(data);
    expect(v.syllabus[0]!.sections[0]!.lessons.map((l) => l.id)).toEqual([501, 502]);
    const keys = toCourseFormEntries(v, { action: 'save' }).map(([k]) => k);
    expect(keys.filter((k) => k.startsWith('lessons['))).toEqual([
      'lessons[1][0][0][lessonTypeId]',
      'lessons[1][0][0][name]',
      'lessons[1][0][0][order]',
      'lessons[1][0][0][duration]',
      'lessons[1][0][0][link]',
      'lessons[1][0][1][lessonTypeId]',
      'lessons[1][0][1][name]',
      'lessons[1][0][1][order]',
      'lessons[1][0][1][duration]',
    ]);
  });

  it('withSavedLessonIds takes the ids of the saved syllabus by position, and drops unknown ones', () => {
    const v = fromEditorData(data);
    const moved = [
      {
        ...v.syllabus[0]!,
        sections: [{ ...v.syllabus[0]!.sections[0]!, lessons: [...v.syllabus[0]!.sections[0]!.lessons].reverse() }],
      },
    ];
    const saved = [
      {
        key: 'x',
        sections: [
          {
            key: 'y',
            name: 'First',
            lessons: [
              { ...moved[0]!.sections[0]!.lessons[0]!, id: 601 },
              { ...moved[0]!.sections[0]!.lessons[1]!, id: 602 },
            ],
          },
        ],
      },
    ];
    expect(withSavedLessonIds(moved, saved)[0]!.sections[0]!.lessons.map((l) => [l.name, l.id])).toEqual([
      ['b', 601],
      ['a', 602],
    ]);
    expect(withSavedLessonIds(moved, null)[0]!.sections[0]!.lessons.map((l) => 'id' in l)).toEqual([false, false]);
  });
});

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
