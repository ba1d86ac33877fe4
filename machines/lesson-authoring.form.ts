import type { AuthoringValues } from './lesson-authoring.values';

/**
 * The lesson-authoring form (docs/classroom.md "Data"; openapi `LessonAuthoring`,
 * `LessonAuthoringInput`, `AuthoringQuestion`, `ProgrammingSpec`): what an educator sets on a lesson
 * beyond the syllabus — content, video and captions, meeting link and time, points, late work,
 * time limit, programming tests and the question bank. Here: its values (strings as typed), the
 * mapping from and to the API, pure edit helpers of the question bank, and the client rules that
 * mirror the server's (valibot). Pure and free of UI and language: machines/lesson-authoring.machine.ts
 * imports it under plain tsx; rules answer codes that the UI translates.
 *
 * Lives beside its machine (machines never import src/); relative imports only.
 */
export * from './lesson-authoring.values';
export * from './lesson-authoring.validation';

/** Whether the form differs from `initial` (unsaved changes). Keys of list items are ignored. */
export function isDirty(values: AuthoringValues, initial: AuthoringValues): boolean {
  const strip = (x: AuthoringValues) =>
    JSON.stringify({
      ...x,
      questions: x.questions.map(({ key: _k, ...q }) => q),
      programming: { ...x.programming, tests: x.programming.tests.map(({ key: _k, ...t }) => t) },
    });
  return strip(values) !== strip(initial);
}
