import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type Submission } from '@machines/grading.machine';

/** The status filter: every submission, or one status (SUBMITTED = waiting for a grade). */
export type StatusFilter = 'all' | Submission['status'];

/** The list's filters: an assignment lesson id (or 'all') and a status. */
export interface SubmissionFilters {
  lesson: number | 'all';
  status: StatusFilter;
}

export const NO_FILTERS: SubmissionFilters = { lesson: 'all', status: 'all' };

/** A submission still waiting for the educator's grade (no grade yet). */
export function isUngraded(submission: Submission): boolean {
  return submission.grade === null;
}

/**
 * The submissions shown for `filters`: those of the chosen lesson and status, ungraded ones first,
 * each group in the input order (the server's newest first). Pure; `submissions` is not changed.
 */
export function visibleSubmissions(submissions: readonly Submission[], filters: SubmissionFilters): Submission[] {
  return submissions
    .filter(
      (s) =>
        (filters.lesson === 'all' || s.assignmentId === filters.lesson) &&
        (filters.status === 'all' || s.status === filters.status),
    )
    .map((s, index) => ({ s, index }))
    .sort((a, b) => Number(isUngraded(b.s)) - Number(isUngraded(a.s)) || a.index - b.index)
    .map(({ s }) => s);
}

/**
 * The assignment lessons present in `submissions` (for the lesson filter), by name: `id` and the
 * lesson's name (`assignmentName`; null when the server sent none).
 */
export function lessonsOf(submissions: readonly Submission[]): { id: number; name: string | null }[] {
  const byId = new Map<number, string | null>();
  for (const s of submissions)
    if (!byId.has(s.assignmentId) || byId.get(s.assignmentId) === null)
      byId.set(s.assignmentId, s.assignmentName ?? null);
  return [...byId.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id);
}

export const statusOptions: { value: StatusFilter; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All statuses` },
  { value: 'SUBMITTED', label: msg`To grade (submitted)` },
  { value: 'AUTOGRADED', label: msg`Autograded` },
  { value: 'DONE', label: msg`Graded (done)` },
];
