import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CourseFieldCode, FieldIssue } from '@machines/course-editor.form';

/** product.md#messages course toasts (English source texts exactly as the spec writes them). */
export const courseToasts = {
  created: msg`A new course has been created successfuly !`,
  updated: msg`Course has been updated successfuly !`,
  createFailed: msg`Course creation failed, try again !`,
  updateFailed: msg`Course update failed, try again !`,
};

/** Texts of the client-side rule codes; `{limit}` is the rule's number. */
const fieldMessages: Record<CourseFieldCode, (limit: number) => MessageDescriptor> = {
  required: () => msg`This field is required.`,
  tooLong: (limit) => msg`Use at most ${limit} characters.`,
  number: () => msg`Enter a number.`,
  integer: () => msg`Enter a whole number.`,
  min: (limit) => msg`Enter ${limit} or more.`,
  max: (limit) => msg`Enter ${limit} or less.`,
  date: () => msg`Enter a valid date.`,
  time: () => msg`Enter a start and an end time.`,
  endBeforeStart: () => msg`The end date cannot be before the start date.`,
  slotEndBeforeStart: () => msg`The end time must be after the start time.`,
  link: () => msg`Enter a link starting with https:// (or a file uploaded here).`,
  pictureRequired: () => msg`Upload a picture for the course.`,
};

/** The text of a client rule failure. */
export function fieldIssueText(i18n: I18n, issue: FieldIssue): string {
  return i18n._(fieldMessages[issue.code](issue.limit ?? 0));
}
