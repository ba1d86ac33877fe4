import { describe, expect, it } from 'vitest';
import { defaultCourseValues } from '@machines/course-editor.form';
import { toCourseFormData, toCourseFormEntries } from '@machines/course-editor.form-data';
import { moveLesson, moveSection } from '@/features/course-editor/syllabus-ops';
import { weekly, EVENING } from '../fixtures';
import { values } from './course-editor-form-shared';

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
