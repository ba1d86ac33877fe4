import type { components } from '@contract/schema';
import { aSession } from '../fixtures';

type SessionInfo = components['schemas']['SessionInfo'];
type Submission = components['schemas']['Submission'];

/** Session 41 of "Modern web apps with React" (New York time), as GET /sessions/{id}/info/secured answers it. */
export const session41: SessionInfo = aSession();

const omar = { id: 21, name: 'Omar Haddad', pictureUrl: null };
const lina = { id: 22, name: 'Lina Amrani', pictureUrl: null };

/** Three submissions of session 41, newest first (as GET /sessions/41/submissions answers them). */
export const submissions: Submission[] = [
  {
    id: 79,
    assignmentId: 503,
    assignmentName: 'Todo app report',
    sessionId: 41,
    kind: 'DOCUMENT',
    learner: lina,
    document: { url: '/uploads/submissions/79.pdf', fileName: 'lina-report.pdf' },
    code: null,
    results: null,
    status: 'SUBMITTED',
    grade: null,
    points: 100,
    late: true,
    comment: null,
    submittedAt: '2031-03-11T14:30:00Z',
    gradedAt: null,
  },
  {
    id: 78,
    assignmentId: 504,
    assignmentName: 'FizzBuzz',
    sessionId: 41,
    kind: 'CODE',
    learner: lina,
    document: null,
    code: 'function fizzBuzz(n) {\n  return n % 15 === 0 ? "FizzBuzz" : String(n);\n}',
    results: [
      { name: 'returns FizzBuzz for 15', passed: true, output: '' },
      { name: 'returns Fizz for 3', passed: false, output: 'Expected "Fizz", got "3"' },
    ],
    status: 'AUTOGRADED',
    grade: 50,
    points: 100,
    late: false,
    comment: null,
    submittedAt: '2031-03-10T22:00:00Z',
    gradedAt: '2031-03-10T22:00:01Z',
  },
  {
    id: 77,
    assignmentId: 503,
    assignmentName: 'Todo app report',
    sessionId: 41,
    kind: 'DOCUMENT',
    learner: omar,
    document: { url: '/uploads/submissions/77.pdf', fileName: 'todo-app-report.pdf' },
    code: null,
    results: null,
    status: 'DONE',
    grade: 92,
    points: 100,
    late: false,
    comment: 'Well structured.',
    submittedAt: '2031-03-10T20:15:00Z',
    gradedAt: '2031-03-12T09:00:00Z',
  },
];

/** A page of submissions as the API wraps it. */
export function pageOf(items: Submission[]) {
  return { data: { items, total: items.length, page: 1, pageSize: 100 } };
}
