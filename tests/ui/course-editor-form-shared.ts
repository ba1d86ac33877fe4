// The course form values the course-editor form tests share.
import { type CourseFormValues, defaultCourseValues } from '@machines/course-editor.form';

/** A lesson row of the form (lesson type 3, 30 minutes and no link by default). */
export const lesson = (key: string, name: string, lessonTypeId = '3', duration = '30', link = '') => ({
  key,
  lessonTypeId,
  name,
  duration,
  link,
});

/** Two weeks, two sections, three lessons, skills, a session with two weekly meetings. */
export const values: CourseFormValues = {
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
