import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthoringIssue, AuthoringIssueCode, QuestionKind, Weekday } from '@machines/lesson-authoring.form';

/** Toasts of the lesson-authoring screen, in the wording style of the course editor's. */
export const authoringToasts = {
  saved: msg`Lesson saved`,
  saveFailed: msg`The lesson could not be saved, try again !`,
};

/** Texts of the client rule codes of `validateAuthoring`; `{limit}` is the rule's number. */
const issueMessages: Record<AuthoringIssueCode, (limit: number) => MessageDescriptor> = {
  required: () => msg`This field is required.`,
  tooLong: (limit) => msg`Use at most ${limit} characters.`,
  integer: () => msg`Enter a whole number.`,
  min: (limit) => msg`Enter ${limit} or more.`,
  max: (limit) => msg`Enter ${limit} or less.`,
  mediaUrl: () => msg`Enter a link starting with https:// (or a file uploaded here).`,
  httpsLink: () => msg`Enter a link starting with https://`,
  time: () => msg`Enter a time as HH:MM (24 hours).`,
  identifier: () => msg`Use letters, digits, _ or $, not starting with a digit.`,
  jsonArray: () => msg`Enter a JSON list, for example [1, "a"].`,
  json: () => msg`Enter a JSON value, for example 42, "text" or null.`,
  tooFewOptions: (limit) => msg`Give at least ${limit} options.`,
  tooManyOptions: (limit) => msg`Give at most ${limit} options.`,
  oneCorrect: () => msg`Mark exactly one option as correct.`,
  someCorrect: () => msg`Mark at least one option as correct.`,
  trueOrFalse: () => msg`Choose whether the statement is true or false.`,
  someAccepted: () => msg`Give at least one accepted answer.`,
  tooManyItems: (limit) => msg`Use at most ${limit} items.`,
};

/** The text of a client rule failure (`validateAuthoring`). */
export function authoringIssueText(i18n: I18n, issue: AuthoringIssue): string {
  return i18n._(issueMessages[issue.code](issue.limit ?? 0));
}

/** Names of the question kinds, as the kind select shows them. */
export const questionKindLabels: Record<QuestionKind, MessageDescriptor> = {
  SINGLE: msg`One correct option`,
  MULTIPLE: msg`Several correct options`,
  TRUE_FALSE: msg`True or false`,
  SHORT_ANSWER: msg`Short answer`,
  STEP: msg`Step (no answer)`,
};

/** Names of the weekdays of the meeting day select. */
export const weekdayLabels: Record<Weekday, MessageDescriptor> = {
  sunday: msg`Sunday`,
  monday: msg`Monday`,
  tuesday: msg`Tuesday`,
  wednesday: msg`Wednesday`,
  thursday: msg`Thursday`,
  friday: msg`Friday`,
  saturday: msg`Saturday`,
};
