import * as v from 'valibot';
import type { Schema } from './support/contract';

/**
 * The grading form of a submission (product.md#entities "Submission grade: grade, comment"; openapi
 * `GradeRequest`): the client-side rules that mirror the server's — a grade from 0 to the
 * assignment's points (decimals allowed; 422 beyond on the server), an optional comment of at most
 * 5000 characters. Pure and free of UI and language (rules answer codes the UI translates):
 * machines/grading.machine.ts uses it under plain tsx.
 *
 * Lives beside its machine (machines never import src/); relative imports only.
 */

/** Most characters of a grading comment (openapi `GradeRequest.comment`). */
export const COMMENT_MAX = 5000;

/** The form as typed: `grade` is the text of the number input. */
export interface GradeDraft {
  grade: string;
  comment: string;
}

/** Codes of the grading rules; `limit` is the points (max) or the comment length (tooLong). */
export type GradeIssueCode = 'required' | 'number' | 'min' | 'max' | 'tooLong';

export interface GradeIssue {
  code: GradeIssueCode;
  limit?: number;
}

/** Issues by field (`grade`, `comment`); `{}` when the form is valid. */
export type GradeIssues = Partial<Record<keyof GradeDraft, GradeIssue>>;

/** The body of `PATCH /submissions/{id}`: points (≥ 0, ≤ the assignment's points) and a comment or null. */
export type GradeRequestBody = Required<Schema<'GradeRequest'>>;

/** The grade rule for an assignment worth `points` (valibot): text → number in 0…points. */
export function gradeSchema(points: number) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^\d+([.,]\d+)?$/, 'number'),
    v.transform((s) => Number(s.replace(',', '.'))),
    v.minValue(0, 'min'),
    v.maxValue(points, 'max'),
  );
}

export const commentSchema = v.pipe(v.string(), v.trim(), v.maxLength(COMMENT_MAX, 'tooLong'));

function issueOf(result: v.SafeParseResult<v.GenericSchema>, limit?: number): GradeIssue | null {
  if (result.success) return null;
  const code = result.issues[0].message as GradeIssueCode;
  return code === 'max' || code === 'tooLong'
    ? { code, limit: limit ?? Number(result.issues[0].requirement) }
    : { code };
}

/** Checks a draft against an assignment worth `points`. */
export function validateGrade(draft: GradeDraft, points: number): GradeIssues {
  const issues: GradeIssues = {};
  const grade = issueOf(v.safeParse(gradeSchema(points), draft.grade, { abortPipeEarly: true }), points);
  if (grade) issues.grade = grade;
  const comment = issueOf(v.safeParse(commentSchema, draft.comment, { abortPipeEarly: true }), COMMENT_MAX);
  if (comment) issues.comment = comment;
  return issues;
}

/** The request body of a valid draft (call after `validateGrade` answered `{}`): empty comment → null. */
export function toGradeRequest(draft: GradeDraft): GradeRequestBody {
  const comment = draft.comment.trim();
  return { grade: Number(draft.grade.trim().replace(',', '.')), comment: comment === '' ? null : comment };
}
