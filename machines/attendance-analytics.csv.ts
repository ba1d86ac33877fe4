import { csvText, UTF8_BOM } from '../openapi/csv';
import type { CompanyAttendanceAnalytics } from './attendance-analytics.machine';

/** The column titles and row kinds of the CSV, in the reader's language (the UI passes Lingui texts). */
export interface AttendanceCsvLabels {
  kind: string;
  name: string;
  email: string;
  course: string;
  startDate: string;
  learners: string;
  held: string;
  attended: string;
  excused: string;
  expected: string;
  rate: string;
  /** The kind of a session row ("Session") and of a learner row ("Learner"). */
  sessionRow: string;
  learnerRow: string;
}

export { UTF8_BOM };

/**
 * The CSV of the attendance analytics: a header row, then one row per session
 * (course, start date, the company's learners, meetings held, attended, excused, expected, rate) and
 * one per learner (name, e-mail, meetings held in their sessions, attended, excused, expected = held −
 * excused, rate). Attended and excused follow the educator's marks (docs/decisions.md "Taking attendance"). Rates are whole
 * percentages (0–100). Written by the product's one CSV writer (`openapi/csv.ts`: quoting, CRLF
 * line ends, the UTF-8 byte-order mark, and names or titles that look like formulas neutralised).
 */
export function buildAttendanceCsv(
  data: CompanyAttendanceAnalytics,
  labels: AttendanceCsvLabels,
): { text: string; rows: number } {
  const pct = (rate: number) => Math.round(rate * 100);
  const rows: (string | number)[][] = [
    ...data.sessions.map((s) => [
      labels.sessionRow,
      s.courseTitle,
      '',
      s.courseTitle,
      s.startDate,
      s.learners,
      s.meetingsHeld,
      s.attended,
      s.excused,
      s.expected,
      pct(s.rate),
    ]),
    ...data.learners.map((l) => [
      labels.learnerRow,
      l.learner.name,
      l.email,
      '',
      '',
      '',
      l.held,
      l.attended,
      l.excused,
      l.held - l.excused,
      pct(l.rate),
    ]),
  ];
  const fields = [
    labels.kind,
    labels.name,
    labels.email,
    labels.course,
    labels.startDate,
    labels.learners,
    labels.held,
    labels.attended,
    labels.excused,
    labels.expected,
    labels.rate,
  ];
  // The last line ends with CRLF too (RFC 4180 allows it; papaparse wrote none).
  return { text: csvText([fields, ...rows]), rows: rows.length };
}
