// The fixtures the course-editor machine tests share: reference data, form values, loaded editors.
import { type AnyMachineSnapshot } from 'xstate';
import { type EditorReference, type LoadedEditor } from '@machines/course-editor.machine';
import { type CourseFormValues, defaultCourseValues } from '@machines/course-editor.form';

/** The reference data (languages, categories, schedules) the editor loads. */
export const reference: EditorReference = {
  categories: [{ id: 3, name: 'Web development', nameAr: 'تطوير الويب' }],
  languages: [{ id: 1, code: 'en', name: 'English' }],
  skills: [
    { id: 4, name: 'React' },
    { id: 9, name: 'TypeScript' },
  ],
  lessonTypes: [
    { id: 1, code: 'meeting', name: 'Meeting' },
    { id: 3, code: 'reading', name: 'Reading' },
  ],
  timezones: [{ id: 'America/New_York', name: 'Eastern', offset: '-05:00' }],
};

/** A complete, valid course (picture uploaded) with one week, one section, one lesson. */
export const validValues: CourseFormValues = {
  ...defaultCourseValues(),
  title: 'Modern web apps with React',
  courseCategoryId: '3',
  description: 'Build and ship a React application.',
  numHours: '24',
  picture: { id: 77, url: '/uploads/courses/77.png', name: 'cover.png' },
  syllabus: [
    {
      key: 'w1',
      sections: [
        {
          key: 'w1-s0',
          name: 'Basics',
          lessons: [
            { key: 'w1-s0-l0', lessonTypeId: '3', name: 'Why React', duration: '30', link: 'https://react.dev' },
          ],
        },
      ],
    },
  ],
};

/** No title, a section without a name, a lesson of 0 minutes. */
export const invalidValues: CourseFormValues = {
  ...validValues,
  title: '',
  syllabus: [
    {
      key: 'w1',
      sections: [
        {
          key: 'w1-s0',
          name: '',
          lessons: [{ key: 'w1-s0-l0', lessonTypeId: '3', name: 'Intro', duration: '0', link: '' }],
        },
      ],
    },
  ],
};

/** The editor loaded for a new course, and for an existing one. */
export const loadedNew: LoadedEditor = { reference, course: null, values: defaultCourseValues() };
export const loadedExisting: LoadedEditor = {
  reference,
  course: { id: 12, status: 'REJECTED', moderationMessage: 'Add a syllabus' },
  values: { ...validValues, picture: { id: null, url: '/uploads/courses/12.jpg' } },
};

/** A picture to upload. */
export const png = new File([new Uint8Array(64)], 'cover.png', { type: 'image/png' });

/** The state of the form region. */
export function form(s: AnyMachineSnapshot): string {
  return (s.value as { form: string }).form;
}

/** The actors the machine invokes, left pending by the tests. */
export const ACTORS = ['loadEditorData', 'uploadFile', 'saveCourse'];
