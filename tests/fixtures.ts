/**
 * Builders of the contract's shapes (openapi/halaqa.yaml) shared by the API, machine, UI and browser
 * tests: weekly schedules, and course 12 "Modern web apps with React" of educator 7 with its session
 * 41 (New York time). Each builder answers a fresh object; overrides replace whole fields.
 */
import type { components } from '@contract/schema';

type Schemas = components['schemas'];
export type Weeks = Schemas['Weeks'];
type WeekSlot = Schemas['WeekSlot'];

/** A week without any slot. */
export const NO_SLOTS: Weeks = {
  sunday: null,
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
};

/** A week with the given slots (times 'HH:mm' in the session's time zone) and no other. */
export function weekly(slots: Partial<Weeks>): Weeks {
  return { ...NO_SLOTS, ...slots };
}

/** 18:00–20:00, the evening slot of session 41. */
export const EVENING: WeekSlot = { start: '18:00', end: '20:00' };

/** A weekly schedule with one slot: Mondays 18:00–19:30 (the API tests' sessions). */
export const MONDAY_EVENINGS: Weeks = weekly({ monday: { start: '18:00', end: '19:30' } });

/** Salma Idrissi, educator 7. */
export const SALMA: Schemas['Person'] = { id: 7, name: 'Salma Idrissi', pictureUrl: null };

/** Course 12 as the catalog lists it: published, $149, no next session unless given. */
export function aCourse(overrides: Partial<Schemas['CourseSummary']> = {}): Schemas['CourseSummary'] {
  return {
    id: 12,
    title: 'Modern web apps with React',
    description: 'Build and ship a React app.',
    pictureUrl: '/uploads/courses/12.jpg',
    price: 149,
    numHours: 32,
    difficultyLevel: 'INTERMEDIATE',
    category: { id: 3, name: 'Web development', nameAr: 'تطوير الويب' },
    language: { id: 1, code: 'en', name: 'English' },
    educator: SALMA,
    rating: { average: 4.6, count: 38 },
    gainedSkills: [],
    nextSession: null,
    status: 'PUBLISHED',
    isPrivate: false,
    companyId: null,
    ...overrides,
  };
}

/**
 * Session 41 of course 12: ACTIVE, 2031-03-03 to 2031-04-25, Mondays 18:00–20:00, $149, 25 seats of
 * which 3 taken. `seatsLeft` follows `maxSeats` and `seatsTaken` unless given.
 */
export function aSessionSummary(overrides: Partial<Schemas['SessionSummary']> = {}): Schemas['SessionSummary'] {
  const maxSeats = overrides.maxSeats ?? 25;
  const seatsTaken = overrides.seatsTaken ?? 3;
  return {
    id: 41,
    courseId: 12,
    startDate: '2031-03-03',
    endDate: '2031-04-25',
    timezone: 'America/New_York',
    schedule: weekly({ monday: EVENING }),
    maxSeats,
    seatsTaken,
    seatsLeft: maxSeats - seatsTaken,
    price: 149,
    status: 'ACTIVE',
    educator: SALMA,
    ...overrides,
  };
}

/** Session 41 as GET /sessions/{id}/info answers it: with course 12 and no enrollment of the caller. */
export function aSession(
  overrides: Partial<Schemas['SessionSummary']> & Partial<Pick<Schemas['SessionInfo'], 'course' | 'enrollment'>> = {},
): Schemas['SessionInfo'] {
  const { course = aCourse(), enrollment = null, ...summary } = overrides;
  return { ...aSessionSummary(summary), enrollment, course };
}

/** Attendance of session 41 of "SQL for analysts" (company 3's analytics): 5 of 6 expected presences. */
export const SQL_FOR_ANALYSTS_41: Schemas['CompanyAttendanceAnalytics']['sessions'][number] = {
  sessionId: 41,
  courseId: 12,
  courseTitle: 'SQL for analysts',
  startDate: '2026-10-05',
  endDate: '2026-12-13',
  timezone: 'America/New_York',
  learners: 2,
  meetingsHeld: 3,
  attended: 5,
  excused: 0,
  expected: 6,
  rate: 0.8333,
};

/** Mariam Saleh's sign-up of "Gulf Data Academy" (GDA, Doha), in Arabic: what the company sign-up form sends. */
export function gulfDataAcademySignUp() {
  return {
    company: {
      name: 'Gulf Data Academy',
      acronym: 'GDA',
      language: 'ar',
      address: { line1: '12 Corniche Road', city: 'Doha', postalCode: '00974', country: 'QA' },
    },
    account: {
      firstName: 'Mariam',
      lastName: 'Saleh',
      email: 'mariam@gda.example.org',
      password: 'Str0ng!pass',
      language: 'ar',
    },
  } as const satisfies Schemas['CompanySignUpRequest'];
}

/**
 * A lesson as GET /lessons/{id}/authoring answers it before anything was authored: no content, no
 * video, link, meeting time, time limit, programming task or question; 100 points, nothing late.
 * `lesson` names the lesson, its course and type; `overrides` replace whole fields.
 */
export function aLessonAuthoring(
  lesson: Pick<Schemas['LessonAuthoring'], 'lessonId' | 'courseId' | 'courseTitle' | 'type' | 'name'>,
  overrides: Partial<Schemas['LessonAuthoring']> = {},
): Schemas['LessonAuthoring'] {
  return {
    ...lesson,
    contentHtml: null,
    videoUrl: null,
    captionsUrl: null,
    link: null,
    day: null,
    startTime: null,
    points: 100,
    allowLate: false,
    timeLimitMinutes: null,
    programming: null,
    questions: [],
    ...overrides,
  };
}

/** The lesson type codes of product.md#entities, in the order of the reference table. */
export const LESSON_TYPE_CODES = [
  'meeting',
  'video',
  'reading',
  'assignment',
  'quiz',
  'learningObjective',
  'programmingAssignment',
  'notes',
  'liveSession',
];

/**
 * Course 12 "React" as GET /courses/{id}/edit answers it: a DRAFT, public and without a company; the
 * other fields come from `rest` (price, media, skills, session, weeks, syllabus of each test).
 */
export function aCourseEditorData(
  rest: Omit<
    Schemas['CourseEditorData'],
    | 'id'
    | 'status'
    | 'moderationMessage'
    | 'title'
    | 'courseCategoryId'
    | 'languageId'
    | 'description'
    | 'isPrivate'
    | 'companyId'
  >,
): Schemas['CourseEditorData'] {
  return {
    id: 12,
    status: 'DRAFT',
    moderationMessage: null,
    title: 'React',
    courseCategoryId: 3,
    languageId: 1,
    description: 'Build',
    isPrivate: false,
    companyId: null,
    ...rest,
  };
}
