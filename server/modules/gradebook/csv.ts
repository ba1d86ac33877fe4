import { csvText, type CsvCell } from '../../../openapi/csv.js';
import type { GradebookWithEmails } from './service.js';

/**
 * The gradebook as CSV (exportGradebook; docs/classroom.md "Gradebook"), through the product's one
 * CSV writer (openapi/csv.ts: RFC 4180 quoting, CRLF, the UTF-8 byte-order mark for Excel, and cells
 * that look like formulas neutralised with a leading single quote, so a learner or lesson named
 * `=HYPERLINK(…)` stays text).
 */

/** The words of the file, per language (the column titles and the status of a cell without a score). */
const WORDS = {
  en: {
    learner: 'Learner',
    email: 'E-mail',
    total: 'Total (%)',
    late: 'Late',
    points: 'pts',
    kinds: { QUIZ: 'Quiz', ASSIGNMENT: 'Assignment', LAB: 'Lab' },
    status: { PENDING: 'Pending', MISSING: 'Missing', NOT_DUE: 'Not due' },
  },
  ar: {
    learner: 'المتعلّم',
    email: 'البريد الإلكتروني',
    total: 'المجموع (%)',
    late: 'متأخر',
    points: 'نقطة',
    kinds: { QUIZ: 'اختبار قصير', ASSIGNMENT: 'واجب', LAB: 'مختبر' },
    status: { PENDING: 'بانتظار التقييم', MISSING: 'لم يُسلَّم', NOT_DUE: 'لم يحن موعده' },
  },
} as const;

/** The languages of the file. */
export type CsvLanguage = keyof typeof WORDS;

/**
 * The CSV text: a header row (learner, e-mail, one column per item titled "name (kind · points ·
 * weight%)", total, late), then one row per learner: each item's score in points, or the word for
 * pending, missing or not-due work; the total in percent; the names of the items handed in late,
 * separated by "; ".
 */
export function gradebookCsv({ book, emails }: GradebookWithEmails, lang: CsvLanguage): string {
  const w = WORDS[lang];
  const header: CsvCell[] = [
    w.learner,
    w.email,
    ...book.items.map((i) => `${i.name} (${w.kinds[i.kind]} · ${i.points} ${w.points} · ${i.weight}%)`),
    w.total,
    w.late,
  ];
  const rows = book.rows.map((r, n): CsvCell[] => [
    r.learner.name,
    emails[n],
    ...r.cells.map((c) => (c.status === 'GRADED' ? c.score : w.status[c.status])),
    r.total,
    r.cells
      .filter((c) => c.late)
      .map((c) => book.items.find((i) => i.lessonId === c.lessonId)?.name ?? '')
      .join('; '),
  ]);
  return csvText([header, ...rows]);
}
