import { describe, expect, it } from 'vitest';
import { type CourseEditorData, fromEditorData, withSavedLessonIds } from '@machines/course-editor.form';
import { toCourseFormEntries } from '@machines/course-editor.form-data';
import { aCourseEditorData } from '../fixtures';

describe('fromEditorData (product.md#entities initial data)', () => {
  const data: CourseEditorData = aCourseEditorData({
    about: 'About',
    price: 0,
    numHours: 20,
    difficultyLevel: 'ADVANCED',
    hasMultiInstructors: true,
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
  });

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
