import type { components } from '@contract/schema';

type SessionInfo = components['schemas']['SessionInfo'];
type Submission = components['schemas']['Submission'];

const schedule = {
  sunday: null,
  monday: { start: '18:00', end: '20:00' },
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
};

/** Session 41 of "Modern web apps with React" (New York time), as GET /sessions/{id}/info/secured answers it. */
export const session41: SessionInfo = {
  id: 41,
  courseId: 12,
  startDate: '2031-03-03',
  endDate: '2031-04-25',
  timezone: 'America/New_York',
  schedule,
  maxSeats: 25,
  seatsTaken: 3,
  seatsLeft: 22,
  price: 149,
  status: 'ACTIVE',
  educator: { id: 7, name: 'Salma Idrissi', pictureUrl: null },
  enrollment: null,
  course: {
    id: 12,
    title: 'Modern web apps with React',
    description: 'Build and ship a React app.',
    pictureUrl: '/uploads/courses/12.jpg',
    price: 149,
    numHours: 32,
    difficultyLevel: 'INTERMEDIATE',
    category: { id: 3, name: 'Web development', nameAr: 'تطوير الويب' },
    language: { id: 1, code: 'en', name: 'English' },
    educator: { id: 7, name: 'Salma Idrissi', pictureUrl: null },
    rating: { average: 4.6, count: 38 },
    gainedSkills: [],
    nextSession: null,
    status: 'PUBLISHED',
    isPrivate: false,
    companyId: null,
  },
};

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
