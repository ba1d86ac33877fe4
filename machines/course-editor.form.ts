/**
 * The course form (product.md#entities "Course form", "Course form initial data"): its values, the defaults
 * of a new course, the mapping from the editor's initial data, and the client-side rules that
 * mirror the server's (openapi `CourseForm`). Pure and free of UI and language: the course-editor
 * machine imports it (under plain tsx too), rules answer codes that the UI translates.
 *
 * Lives beside its machine (machines never import src/); imports are relative (plain tsx loads it).
 */

export * from './course-editor.values';
export * from './course-editor.validation';
