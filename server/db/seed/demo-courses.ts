import type { Difficulty, Weekday, Weeks } from '../types.js';
import { type CompanyAcronym, type EducatorEmail, extraLearner, QAD_LEARNERS } from './demo-users.js';
import type { CategoryName, LessonTypeCode, SkillName } from '../../modules/reference/data.js';
import {
  type DemoLessonContent,
  HASHING_ASSIGNMENT,
  HASHING_NOTES,
  HASHING_PATH,
  HASHING_PROGRAMMING,
  HASHING_PYTHON_PROGRAMMING,
  HASHING_QUIZ,
  HASHING_READING,
  HASHING_VIDEO,
} from './classroom-demo.js';

/**
 * The demo course catalogue loaded on first start: published computer-science courses with their
 * syllabus (weeks → sections → lessons), sessions (cohorts) dated relative to the seeding day,
 * demo enrollments and reviews.
 *
 * Meeting lessons are written without a time: the n-th meeting of a week takes the course's n-th
 * weekly slot (`slots`), so the lessons' day/startTime/duration and every session's weekly
 * schedule come from the same place and always agree. Times are wall-clock 'HH:mm' in the
 * session's time zone.
 */

/** A lesson, resolved. `durationMinutes` in minutes; `day`/`startTime` only on meetings. */
export interface DemoLesson {
  type: LessonTypeCode;
  name: string;
  durationMinutes: number;
  link: string | null;
  day: Weekday | null;
  /** 'HH:mm' in the session's time zone. */
  startTime: string | null;
  /** Classroom content authored on the lesson (classroom-demo.ts); null = the defaults. */
  content: DemoLessonContent | null;
}
export interface DemoSection {
  name: string;
  lessons: DemoLesson[];
}
export interface DemoWeek {
  /** 1-based. */
  week: number;
  sections: DemoSection[];
}
/** A session (cohort) of a demo course, dated relative to the seeding day. */
export interface DemoSession {
  /** Days from the seeding day (UTC) to the first day; negative = already running. */
  startOffsetDays: number;
  /** Days from the seeding day to the last day. */
  endOffsetDays: number;
  /** IANA id, one of US_TIMEZONES. */
  timezone: string;
  schedule: Weeks;
  maxSeats: number;
  priceCents: number;
  /** ACTIVE when running on the seeding day, APPROVED when upcoming, PENDING when it waits for an admin (the moderation queue is not empty after `npm start`). */
  status: 'ACTIVE' | 'APPROVED' | 'PENDING';
  /** Emails of the demo learners enrolled. */
  learners: string[];
  /** The one session with exactly one seat left. */
  nearlyFull: boolean;
}
export interface DemoReview {
  /** Email of a learner enrolled in a session of the course. */
  by: string;
  rating: 3 | 4 | 5;
  content: string;
  daysAgo: number;
}
export interface DemoCourse {
  slug: string;
  title: string;
  description: string;
  /** Two or three paragraphs separated by a blank line. */
  about: string;
  category: CategoryName;
  language: 'en' | 'ar' | 'fr';
  difficulty: Difficulty;
  /** Hours of scheduled learning, from the syllabus. */
  numHours: number;
  priceCents: number;
  requiredSkills: SkillName[];
  gainedSkills: SkillName[];
  educator: EducatorEmail;
  /** Set when the course is private to a company. */
  privateTo: CompanyAcronym | null;
  weeks: DemoWeek[];
  sessions: DemoSession[];
  reviews: DemoReview[];
  /**
   * PUBLISHED (in the catalog), or PENDING: sent for review without a session, waiting in the
   * admins' course moderation queue.
   */
  status: 'PUBLISHED' | 'PENDING';
}

// ---------------------------------------------------------------------------------------------
// Authoring helpers

interface LessonDraft {
  type: LessonTypeCode;
  name: string;
  minutes: number;
  link?: string | null;
  content?: DemoLessonContent;
}
interface Slot {
  day: Weekday;
  start: string;
  end: string;
}
interface SessionDraft {
  start: number;
  end?: number;
  tz: string;
  seats: number;
  price?: number;
  learners?: string[];
  nearlyFull?: true;
  /** Requested by the educator, waiting for an admin (upcoming, nobody enrolled). */
  pending?: true;
}
interface CourseDraft {
  slug?: string;
  title: string;
  description: string;
  about: string[];
  category: CategoryName;
  language?: 'en' | 'ar' | 'fr';
  difficulty: Difficulty;
  price: number;
  required: SkillName[];
  gained: SkillName[];
  educator: EducatorEmail;
  privateTo?: CompanyAcronym;
  slots: Slot[];
  /** One entry per week: section name → lessons, in order. */
  weeks: Record<string, LessonDraft[]>[];
  sessions: SessionDraft[];
  reviews?: DemoReview[];
  /** Sent for review without a session, waiting for an admin (no sessions, no reviews). */
  pendingReview?: true;
}

const meet = (name: string): LessonDraft => ({ type: 'meeting', name, minutes: 0 });
const video = (name: string, minutes: number): LessonDraft => ({ type: 'video', name, minutes });
const read = (name: string, minutes: number, link: string | null = null): LessonDraft => ({
  type: 'reading',
  name,
  minutes,
  link,
});
const assign = (name: string, minutes: number): LessonDraft => ({ type: 'assignment', name, minutes });
const quiz = (name: string, minutes: number): LessonDraft => ({ type: 'quiz', name, minutes });
const path = (name: string, minutes: number): LessonDraft => ({ type: 'learningObjective', name, minutes });
const lab = (name: string, minutes: number): LessonDraft => ({ type: 'programmingAssignment', name, minutes });
const notes = (name: string, minutes: number): LessonDraft => ({ type: 'notes', name, minutes });
const live = (name: string, minutes: number): LessonDraft => ({ type: 'liveSession', name, minutes });
const slot = (day: Weekday, start: string, end: string): Slot => ({ day, start, end });
/** A lesson with classroom content authored on it. */
const withContent = (lesson: LessonDraft, content: DemoLessonContent): LessonDraft => ({ ...lesson, content });
/** Emails of extra demo learners by number. */
const L = (...ns: number[]): string[] => ns.map(extraLearner);

const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** URL-safe slug of a title (ASCII letters and digits). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function course(d: CourseDraft): DemoCourse {
  const slug = d.slug ?? slugify(d.title);
  let totalMinutes = 0;
  const weeks: DemoWeek[] = d.weeks.map((w, wi) => {
    const week = wi + 1;
    let meetingIndex = 0;
    return {
      week,
      sections: Object.entries(w).map(([name, drafts]) => ({
        name,
        lessons: drafts.map((l): DemoLesson => {
          if (l.type === 'meeting') {
            const s = d.slots[meetingIndex++ % d.slots.length];
            if (!s) throw new Error(`${slug}: a meeting lesson needs a weekly slot`);
            const durationMinutes = minutesOf(s.end) - minutesOf(s.start);
            totalMinutes += durationMinutes;
            return {
              type: 'meeting',
              name: l.name,
              durationMinutes,
              // No pasted link: the demo's meetings open their session's room at MEETING_BASE_URL.
              link: null,
              day: s.day,
              startTime: s.start,
              content: l.content ?? null,
            };
          }
          totalMinutes += l.minutes;
          // A live session, like a meeting, opens its session's room.
          const link =
            l.type === 'video'
              ? `https://videos.halaqa.test/${slug}/w${week}/${slugify(l.name)}`
              : l.type === 'liveSession'
                ? null
                : l.type === 'programmingAssignment'
                  ? `https://code.halaqa.test/${slug}/w${week}-${slugify(l.name)}`
                  : (l.link ?? null);
          return {
            type: l.type,
            name: l.name,
            durationMinutes: l.minutes,
            link,
            day: null,
            startTime: null,
            content: l.content ?? null,
          };
        }),
      })),
    };
  });

  const schedule = Object.fromEntries(WEEKDAYS.map((day) => [day, null])) as Weeks;
  for (const s of d.slots) schedule[s.day] = { start: s.start, end: s.end };

  const sessions = d.sessions.map((s): DemoSession => {
    const endOffsetDays = s.end ?? s.start + weeks.length * 7 - 1;
    return {
      startOffsetDays: s.start,
      endOffsetDays,
      timezone: s.tz,
      schedule: { ...schedule },
      maxSeats: s.nearlyFull ? 12 : s.seats,
      priceCents: s.price ?? d.price,
      status: s.pending ? 'PENDING' : s.start <= 0 ? 'ACTIVE' : 'APPROVED',
      learners: s.learners ?? [],
      nearlyFull: s.nearlyFull === true,
    };
  });

  const fail = (why: string): never => {
    throw new Error(`Demo course "${slug}": ${why}`);
  };
  if (weeks.length < 3 || weeks.length > 8) fail('needs 3 to 8 weeks');
  for (const w of weeks) {
    if (w.sections.length < 1 || w.sections.length > 3) fail(`week ${w.week} needs 1 to 3 sections`);
    for (const s of w.sections) {
      if (s.lessons.length < 2 || s.lessons.length > 5) fail(`section "${s.name}" needs 2 to 5 lessons`);
    }
  }
  const meetingDays = new Set(weeks.flatMap((w) => w.sections.flatMap((s) => s.lessons.map((l) => l.day))));
  for (const s of d.slots) if (!meetingDays.has(s.day)) fail(`no meeting lesson on ${s.day}`);
  if (
    d.pendingReview
      ? sessions.length !== 0 || (d.reviews ?? []).length !== 0
      : sessions.length < 1 || sessions.length > 3
  ) {
    fail(d.pendingReview ? 'a course waiting for review has no session and no review' : 'needs 1 to 3 sessions');
  }
  for (const s of sessions) {
    if (s.endOffsetDays < 0) fail('a session has already ended');
    if (s.status === 'PENDING' && (s.startOffsetDays <= 0 || s.learners.length > 0))
      fail('a pending session is upcoming and has nobody enrolled');
    if (s.nearlyFull ? s.learners.length !== s.maxSeats - 1 : s.learners.length >= s.maxSeats - 1) {
      fail('only the nearly full session may have one seat left');
    }
  }
  const enrolled = new Set(sessions.flatMap((s) => s.learners));
  for (const r of d.reviews ?? []) if (!enrolled.has(r.by)) fail(`reviewer ${r.by} is not enrolled`);

  return {
    slug,
    title: d.title,
    description: d.description,
    about: d.about.join('\n\n'),
    category: d.category,
    language: d.language ?? 'en',
    difficulty: d.difficulty,
    numHours: Math.max(1, Math.round(totalMinutes / 60)),
    priceCents: d.price,
    requiredSkills: d.required,
    gainedSkills: d.gained,
    educator: d.educator,
    privateTo: d.privateTo ?? null,
    weeks,
    sessions,
    reviews: d.reviews ?? [],
    status: d.pendingReview ? 'PENDING' : 'PUBLISHED',
  };
}

const MDN = 'https://developer.mozilla.org/en-US/docs';

/**
 * The classroom demo: learner@halaqa.test attends exactly one session, the running one
 * of this course, whose current week carries the content of classroom-demo.ts.
 */
export const DEMO_CLASSROOM_LEARNER = 'learner@halaqa.test';
/** Slug of the classroom demo course ("Data Structures and Algorithms"). */
export const DEMO_CLASSROOM_COURSE = 'data-structures-and-algorithms';

// ---------------------------------------------------------------------------------------------
// The catalogue

export const DEMO_COURSES: readonly DemoCourse[] = [
  // ----------------------------------------------------------------------- Web Development
  course({
    title: 'HTML & CSS for Absolute Beginners',
    description: 'Build and publish your first responsive website in four weeks, no prior experience needed.',
    about: [
      'Every website you have ever visited is built on two languages: HTML for structure and CSS for presentation. In this course you will learn both from scratch, writing real pages from the very first live class instead of watching someone else type.',
      'Week by week you will go from a single profile page to a fully responsive, accessible portfolio site. We cover semantic markup, the cascade and specificity, the box model, Flexbox and Grid, media queries and the accessibility basics that make a page usable by everyone.',
      'The course ends with you publishing your portfolio online. It is free and open to anyone curious about how the web works.',
    ],
    category: 'Web Development',
    difficulty: 'BEGINNER',
    price: 0,
    required: [],
    gained: ['HTML', 'CSS'],
    educator: 'educator@halaqa.test',
    slots: [slot('saturday', '10:00', '11:30')],
    weeks: [
      {
        'How the web works': [
          video('What happens when you type a URL', 12),
          read('Anatomy of an HTML document', 15, `${MDN}/Learn/HTML/Introduction_to_HTML/Getting_started`),
          meet('Live class: your first web page'),
        ],
        Practice: [lab('Build a personal profile page', 60), quiz('HTML basics check', 10)],
      },
      {
        'Styling with CSS': [
          video('Selectors, specificity and the cascade', 18),
          video('The box model', 14),
          meet('Live class: styling your profile'),
        ],
        Practice: [assign('Restyle a news article', 60), quiz('CSS fundamentals', 10)],
      },
      {
        'Page layout': [
          video('Flexbox from first principles', 20),
          video('CSS Grid for page layout', 22),
          meet('Live class: building a responsive layout'),
          notes('Layout cheat sheet', 5),
        ],
      },
      {
        'Responsive and accessible': [
          read('Media queries and mobile-first design', 15, `${MDN}/Web/CSS/CSS_media_queries/Using_media_queries`),
          video('Accessible forms and semantic HTML', 16),
          meet('Live class: polish and publish'),
        ],
        Capstone: [lab('Publish a responsive portfolio site', 120), quiz('Final review', 15)],
      },
    ],
    sessions: [
      { start: -7, tz: 'America/New_York', seats: 40, learners: L(12, 13) },
      { start: 12, tz: 'America/Chicago', seats: 40 },
    ],
  }),
  course({
    title: 'Modern JavaScript from the Ground Up',
    description: 'Learn the language of the web properly: values, functions, objects, async code and the DOM.',
    about: [
      'JavaScript runs in every browser and, with Node.js, on servers too. This course teaches the modern language (ES2023) the way professionals use it, without the historical baggage: let and const, arrow functions, modules, destructuring, classes and promises.',
      'Each week combines short videos with two live classes where we write code together and debug real mistakes. You will build an interactive to-do app, a weather dashboard that calls a public API, and finally a small single-page quiz game that manipulates the DOM without any framework.',
      'By the end you will be comfortable reading and writing JavaScript, and ready for a framework course such as React.',
    ],
    category: 'Web Development',
    difficulty: 'BEGINNER',
    price: 4900,
    required: ['HTML', 'CSS'],
    gained: ['JavaScript', 'Problem Solving'],
    educator: 'educator@halaqa.test',
    slots: [slot('monday', '18:00', '19:30'), slot('wednesday', '18:00', '19:30')],
    weeks: [
      {
        'Values and control flow': [
          video('Variables, types and operators', 16),
          video('Conditionals and loops', 14),
          meet('Live class: thinking in JavaScript'),
        ],
        Practice: [quiz('Types and coercion', 10), lab('FizzBuzz and friends', 45), meet('Live class: code review')],
      },
      {
        Functions: [
          video('Functions, scope and closures', 20),
          read('Arrow functions and this', 15, `${MDN}/Web/JavaScript/Reference/Functions/Arrow_functions`),
          meet('Live class: closures in practice'),
        ],
        'Objects and arrays': [
          video('Objects, arrays and destructuring', 18),
          meet('Live class: array methods workshop'),
          lab('Grade book utilities', 60),
        ],
      },
      {
        'The DOM': [
          video('Selecting and changing elements', 15),
          video('Events and event delegation', 17),
          meet('Live class: building a to-do app'),
        ],
        Project: [lab('To-do app with local storage', 90), meet('Live class: project clinic')],
      },
      {
        'Asynchronous JavaScript': [
          video('Callbacks, promises and async/await', 22),
          read('Using the Fetch API', 15, `${MDN}/Web/API/Fetch_API/Using_Fetch`),
          meet('Live class: calling a weather API'),
        ],
        Practice: [lab('Weather dashboard', 90), quiz('Async quiz', 15), meet('Live class: debugging async code')],
      },
      {
        'Modules and tooling': [
          video('ES modules and npm', 14),
          notes('Project structure checklist', 5),
          meet('Live class: organising a real project'),
        ],
        'Final project': [
          assign('Single-page quiz game', 180),
          meet('Live class: demo day'),
          quiz('Final assessment', 20),
        ],
      },
    ],
    sessions: [
      { start: -10, tz: 'America/New_York', seats: 30, learners: L(1, 2, 3) },
      { start: 18, tz: 'America/Los_Angeles', seats: 30 },
      { start: 32, tz: 'America/Chicago', seats: 24, pending: true },
    ],
    reviews: [
      {
        by: extraLearner(1),
        rating: 5,
        content:
          'Amina explains closures better than any book I have read. The live code reviews are the best part: you see how to fix your own mistakes, not just the happy path.',
        daysAgo: 2,
      },
      {
        by: extraLearner(2),
        rating: 4,
        content:
          'Solid, well-paced course. The weather dashboard project was a great way to finally understand async/await. I would have liked a bit more on testing.',
        daysAgo: 4,
      },
    ],
  }),
  course({
    title: 'React and TypeScript: Building Production Web Apps',
    description: 'Design typed, tested React applications with hooks, routing, data fetching and forms.',
    about: [
      'React is the most widely used library for building user interfaces, and TypeScript has become the default way to write it at scale. This course shows how the two fit together in a production codebase: typed components and props, custom hooks, state machines for complex flows, and a clean data layer.',
      'You will build a course-catalogue application over six weeks: routing, server data with caching, forms with validation, accessibility and internationalisation, and finally component and end-to-end tests. Every live class is a pair-programming session on that same codebase.',
      'You should already be comfortable with JavaScript. No prior React experience is required.',
    ],
    category: 'Web Development',
    difficulty: 'INTERMEDIATE',
    price: 12900,
    required: ['JavaScript', 'HTML', 'CSS'],
    gained: ['React', 'TypeScript', 'Software Testing'],
    educator: 'educator@halaqa.test',
    slots: [slot('tuesday', '19:00', '20:30'), slot('thursday', '19:00', '20:30')],
    weeks: [
      {
        'TypeScript essentials': [
          video('Types, interfaces and unions', 20),
          video('Generics without fear', 18),
          meet('Live class: typing an existing module'),
        ],
        'Your first components': [
          video('JSX, props and composition', 16),
          meet('Live class: scaffolding the catalogue app'),
          lab('Typed course card component', 60),
        ],
      },
      {
        'State and effects': [
          video('useState, useReducer and lifting state', 18),
          video('useEffect and when not to use it', 15),
          meet('Live class: filters and search'),
        ],
        Practice: [lab('Catalogue filters', 90), meet('Live class: code review'), quiz('Hooks quiz', 15)],
      },
      {
        'Routing and data': [
          video('Client-side routing', 14),
          video('Fetching and caching server data', 22),
          meet('Live class: course detail pages'),
        ],
        Practice: [lab('Course detail with loading and error states', 90), meet('Live class: data layer clinic')],
      },
      {
        'Forms and validation': [
          video('Controlled forms and schema validation', 20),
          read('Accessible forms', 15, `${MDN}/Learn/Forms`),
          meet('Live class: the enrollment form'),
        ],
        'Complex flows': [
          video('Modelling flows with state machines', 24),
          meet('Live class: checkout as a statechart'),
          assign('Checkout flow design document', 60),
        ],
      },
      {
        'Testing React': [
          video('Testing Library and user-centred tests', 20),
          video('End-to-end tests with a real browser', 18),
          meet('Live class: testing the checkout'),
        ],
        Practice: [
          lab('Reach 80% coverage on the catalogue', 120),
          meet('Live class: flaky tests and how to fix them'),
        ],
      },
      {
        'Shipping it': [
          video('Performance profiling and code splitting', 16),
          notes('Production readiness checklist', 10),
          meet('Live class: deploying the app'),
        ],
        'Final project': [
          assign('Ship a feature end to end', 240),
          meet('Live class: demo day'),
          quiz('Final assessment', 20),
        ],
      },
    ],
    sessions: [
      { start: -14, tz: 'America/Chicago', seats: 25, learners: L(4) },
      { start: 24, tz: 'America/New_York', seats: 25 },
    ],
  }),
  course({
    title: 'Full-Stack Web Development with Node.js and PostgreSQL',
    description: 'Build a complete web application: REST API, relational data, authentication and deployment.',
    about: [
      'Most real applications are a browser front end talking to an API backed by a relational database. In this course you build all three layers of such an application: a Node.js HTTP API, a PostgreSQL schema with migrations, and a lightweight front end that consumes it.',
      'Along the way we cover request validation, password hashing and token-based authentication, transactions and concurrency, pagination, file uploads, background jobs and logging. Each topic is introduced in a live class and then applied to the course project, a small booking platform.',
      'You will finish with a deployed application and a codebase you can show in interviews.',
    ],
    category: 'Web Development',
    difficulty: 'INTERMEDIATE',
    price: 14900,
    required: ['JavaScript', 'HTML'],
    gained: ['Node.js', 'REST APIs', 'PostgreSQL', 'SQL'],
    educator: 'educator4@halaqa.test',
    slots: [slot('monday', '19:00', '20:30'), slot('thursday', '19:00', '20:30')],
    weeks: [
      {
        'HTTP and Node.js': [
          video('How HTTP requests and responses work', 15),
          video('Your first Node.js server', 18),
          meet('Live class: routes and handlers'),
        ],
        Practice: [lab('A JSON API for a booking list', 60), meet('Live class: request validation')],
      },
      {
        'Relational data': [
          video('Tables, keys and relationships', 20),
          read(
            'PostgreSQL tutorial: the SQL language',
            25,
            'https://www.postgresql.org/docs/current/tutorial-sql.html',
          ),
          meet('Live class: designing the booking schema'),
        ],
        Practice: [lab('Migrations and seed data', 75), meet('Live class: query builders vs raw SQL')],
      },
      {
        Authentication: [
          video('Password hashing done right', 14),
          video('Sessions, tokens and cookies', 20),
          meet('Live class: sign-up and sign-in'),
        ],
        Practice: [lab('Protect the API with roles', 90), quiz('Security basics', 15), meet('Live class: code review')],
      },
      {
        'Correctness under load': [
          video('Transactions and row locks', 22),
          meet('Live class: never overbook a seat'),
          lab('Concurrent booking test', 90),
        ],
        'Files and jobs': [
          video('File uploads and storage', 14),
          meet('Live class: background jobs'),
          notes('Operational checklist', 5),
        ],
      },
      {
        Deployment: [
          video('Configuration and secrets', 12),
          video('Containers and hosting options', 18),
          meet('Live class: deploy to production'),
        ],
        'Final project': [assign('Booking platform: final submission', 240), meet('Live class: demo day')],
      },
    ],
    sessions: [
      { start: -4, tz: 'America/Denver', seats: 30, learners: L(5, 6) },
      { start: 31, tz: 'America/New_York', seats: 30 },
    ],
  }),

  // ----------------------------------------------------------------------- Data Science & AI
  course({
    title: 'Python for Data Analysis with pandas',
    description: 'Clean, explore and visualise real datasets with Python, pandas and Matplotlib.',
    about: [
      'Data analysis is mostly about asking good questions and getting messy data into a shape that can answer them. This course teaches the Python tools analysts use every day: Jupyter notebooks, NumPy arrays, pandas DataFrames and Matplotlib charts.',
      'We work with real public datasets, from city bike trips to national energy statistics. You will learn to load CSV and Excel files, handle missing values, reshape and join tables, aggregate with group-by, work with dates and time series, and turn your findings into clear charts.',
      'The final project is a short analytical report on a dataset of your choice, reviewed live with your instructor.',
    ],
    category: 'Data Science & AI',
    difficulty: 'BEGINNER',
    price: 7900,
    required: ['Python'],
    gained: ['pandas', 'NumPy', 'Data Visualization'],
    educator: 'educator3@halaqa.test',
    slots: [slot('tuesday', '18:00', '19:30')],
    weeks: [
      {
        'Notebooks and NumPy': [
          video('Working in Jupyter', 10),
          video('NumPy arrays and vectorised thinking', 18),
          meet('Live class: exploring a first dataset'),
        ],
        Practice: [lab('Array exercises', 45), quiz('NumPy basics', 10)],
      },
      {
        DataFrames: [
          video('Series, DataFrames and indexes', 20),
          read('10 minutes to pandas', 20, 'https://pandas.pydata.org/docs/user_guide/10min.html'),
          meet('Live class: selecting and filtering'),
        ],
        Practice: [lab('Bike trips: first look', 60), notes('pandas cheat sheet', 5)],
      },
      {
        'Cleaning data': [
          video('Missing values and data types', 16),
          video('Joining and reshaping tables', 20),
          meet('Live class: cleaning a messy export'),
        ],
        Practice: [assign('Clean the energy statistics dataset', 90), quiz('Cleaning quiz', 15)],
      },
      {
        'Aggregation and time series': [
          video('Group-by, pivot tables and windows', 22),
          video('Dates and resampling', 15),
          meet('Live class: seasonal patterns'),
        ],
      },
      {
        'Visualisation and reporting': [
          video('Matplotlib and pandas plotting', 18),
          read('Choosing the right chart', 15),
          meet('Live class: telling a story with data'),
        ],
        'Final project': [assign('Analytical report on a dataset of your choice', 180), quiz('Final assessment', 20)],
      },
    ],
    sessions: [
      { start: -14, tz: 'America/New_York', seats: 35, learners: L(4, 5, 6, 14) },
      { start: 15, tz: 'America/Los_Angeles', seats: 35 },
      { start: 43, tz: 'America/Chicago', seats: 35, price: 6900 },
    ],
    reviews: [
      {
        by: extraLearner(4),
        rating: 5,
        content:
          'Exactly what I needed for my job. Layla uses real, messy datasets, so the skills transfer straight to work. The cleaning week alone was worth the price.',
        daysAgo: 3,
      },
      {
        by: extraLearner(6),
        rating: 4,
        content:
          'Clear explanations and good exercises. The group-by week moved a bit fast, but the recordings helped me catch up.',
        daysAgo: 1,
      },
    ],
  }),
  course({
    title: 'Machine Learning Foundations',
    description: 'Understand and apply the core machine-learning algorithms with scikit-learn.',
    about: [
      'Machine learning is now part of almost every software product, but using it well requires understanding what the algorithms actually do. This course builds that understanding from the ground up: loss functions, gradient descent, bias and variance, and how to evaluate a model honestly.',
      'We cover linear and logistic regression, decision trees and ensembles, k-means clustering and dimensionality reduction, always implementing the idea from scratch first and then using scikit-learn. You will learn to build reproducible pipelines, tune hyperparameters with cross-validation and spot data leakage.',
      'The course closes with a Kaggle-style competition between the cohort, with a live review of the winning approaches.',
    ],
    category: 'Data Science & AI',
    difficulty: 'INTERMEDIATE',
    price: 16900,
    required: ['Python', 'pandas', 'Statistics'],
    gained: ['Machine Learning', 'NumPy'],
    educator: 'educator3@halaqa.test',
    slots: [slot('monday', '18:30', '20:00'), slot('wednesday', '18:30', '20:00')],
    weeks: [
      {
        'Learning from data': [
          video('What it means for a machine to learn', 15),
          video('Loss functions and gradient descent', 22),
          meet('Live class: gradient descent by hand'),
        ],
        Practice: [lab('Implement linear regression with NumPy', 90), meet('Live class: lab review')],
      },
      {
        Classification: [
          video('Logistic regression', 18),
          video('Precision, recall and ROC curves', 20),
          meet('Live class: evaluating a classifier'),
        ],
        Practice: [lab('Spam detector', 90), quiz('Metrics quiz', 15), meet('Live class: choosing a metric')],
      },
      {
        'Trees and ensembles': [
          video('Decision trees', 16),
          video('Random forests and gradient boosting', 24),
          meet('Live class: tuning a boosted model'),
        ],
        'Model selection': [
          video('Cross-validation and hyperparameter search', 18),
          meet('Live class: data leakage horror stories'),
          assign('Write a model card', 45),
        ],
      },
      {
        'Unsupervised learning': [
          video('k-means and hierarchical clustering', 18),
          video('PCA and embeddings', 20),
          meet('Live class: customer segmentation'),
        ],
        Practice: [
          lab('Segment an e-commerce dataset', 90),
          meet('Live class: lab review'),
          quiz('Unsupervised quiz', 15),
        ],
      },
      {
        'Competition week': [
          path('From baseline to leaderboard', 45),
          meet('Live class: competition kick-off'),
          lab('Cohort competition submission', 180),
        ],
        'Wrap-up': [meet('Live class: winning approaches'), quiz('Final assessment', 25)],
      },
    ],
    sessions: [
      { start: -7, tz: 'America/New_York', seats: 30, learners: L(7) },
      { start: 20, tz: 'America/Los_Angeles', seats: 30, price: 14900 },
    ],
  }),
  course({
    title: 'Deep Learning with PyTorch',
    description: 'Train modern neural networks for vision and language, from tensors to transformers.',
    about: [
      'Deep learning powers image recognition, speech, translation and large language models. In this advanced course you will learn to design, train and debug neural networks with PyTorch, the framework used by most research labs and many production teams.',
      'Starting from tensors and automatic differentiation, we build multilayer perceptrons, convolutional networks for images, and finally a small transformer trained on text. You will learn the practical craft that papers rarely mention: initialisation, normalisation, learning-rate schedules, mixed precision, and how to read a loss curve.',
      'Labs run on free GPU notebooks. A solid grasp of Python, linear algebra and basic machine learning is expected.',
    ],
    category: 'Data Science & AI',
    difficulty: 'ADVANCED',
    price: 19900,
    required: ['Python', 'Machine Learning', 'NumPy'],
    gained: ['Deep Learning', 'PyTorch', 'Natural Language Processing'],
    educator: 'educator3@halaqa.test',
    slots: [slot('thursday', '18:00', '20:00')],
    weeks: [
      {
        'Tensors and autograd': [
          video('Tensors on CPU and GPU', 18),
          video('Automatic differentiation', 20),
          meet('Live class: a training loop from scratch'),
        ],
        Practice: [lab('Fit a neural network to tabular data', 90), quiz('Autograd quiz', 15)],
      },
      {
        'Training deep networks': [
          video('Initialisation and normalisation', 22),
          video('Optimisers and learning-rate schedules', 20),
          meet('Live class: reading loss curves'),
        ],
        Practice: [lab('Debug a network that will not train', 90), notes('Training recipe checklist', 10)],
      },
      {
        'Computer vision': [
          video('Convolutions and feature maps', 20),
          video('Transfer learning with pretrained models', 18),
          meet('Live class: fine-tuning an image classifier'),
        ],
        Practice: [lab('Classify plant diseases', 120), quiz('Vision quiz', 15)],
      },
      {
        'Sequences and attention': [
          video('Embeddings and recurrent networks', 20),
          video('Attention is all you need, explained', 25),
          meet('Live class: building a transformer block'),
        ],
        Practice: [lab('Character-level transformer', 150), quiz('Attention quiz', 15)],
      },
      {
        'Scaling up': [
          video('Mixed precision and distributed training', 18),
          read(
            'PyTorch performance tuning guide',
            25,
            'https://pytorch.org/tutorials/recipes/recipes/tuning_guide.html',
          ),
          meet('Live class: profiling a training run'),
        ],
        'Final project': [assign('Research-style project report', 240), quiz('Final assessment', 25)],
      },
    ],
    sessions: [{ start: 9, tz: 'America/Los_Angeles', seats: 20 }],
  }),
  course({
    title: 'Building LLM Applications with Retrieval-Augmented Generation',
    description: 'Ship reliable applications on large language models: prompting, RAG, tools and evaluation.',
    about: [
      'Large language models are easy to demo and hard to ship. This course is about the engineering that turns a promising prototype into a dependable product: structured prompting, retrieval-augmented generation over your own documents, tool calling, guardrails and, above all, evaluation.',
      'You will build a question-answering assistant over a real documentation corpus. We cover chunking strategies, embeddings and vector databases, hybrid search and re-ranking, citing sources, handling Arabic and English content, and measuring answer quality with automated and human evaluation.',
      'The course assumes you write Python comfortably and have called a web API before.',
    ],
    category: 'Data Science & AI',
    difficulty: 'ADVANCED',
    price: 17900,
    required: ['Python', 'REST APIs'],
    gained: ['Large Language Models', 'Prompt Engineering', 'Vector Databases', 'Natural Language Processing'],
    educator: 'educator3@halaqa.test',
    slots: [slot('wednesday', '19:00', '20:30')],
    weeks: [
      {
        'How LLMs work': [
          video('Tokens, context windows and sampling', 18),
          read('Prompt engineering patterns', 20),
          meet('Live class: prompting as programming'),
        ],
        Practice: [lab('Structured output extraction', 60), quiz('LLM fundamentals', 10)],
      },
      {
        Retrieval: [
          video('Embeddings and semantic search', 20),
          video('Chunking and indexing documents', 16),
          meet('Live class: building the retrieval pipeline'),
        ],
        Practice: [lab('Index a documentation corpus', 90), quiz('Retrieval quiz', 10)],
      },
      {
        'Better answers': [
          video('Hybrid search and re-ranking', 18),
          video('Citations and grounding', 14),
          meet('Live class: reducing hallucinations'),
        ],
        Practice: [lab('Answer with sources', 90), notes('RAG failure modes', 10)],
      },
      {
        'Tools and agents': [
          video('Function calling', 16),
          video('When agents help and when they hurt', 18),
          meet('Live class: a tool-using assistant'),
        ],
      },
      {
        Evaluation: [
          video('Building an evaluation set', 18),
          video('LLM-as-judge and its limits', 15),
          meet('Live class: measuring quality'),
        ],
        'Final project': [assign('Deploy and evaluate your assistant', 240), quiz('Final assessment', 20)],
      },
    ],
    sessions: [
      { start: -3, tz: 'America/New_York', seats: 25, learners: L(8) },
      { start: 33, tz: 'America/Chicago', seats: 25 },
    ],
  }),
  course({
    title: 'Applied AI for Public-Sector Services',
    description: 'A practical programme for government teams: where AI helps, how to deliver it, and how to govern it.',
    about: [
      'This private programme, offered to the staff of the National Center for AI, helps public-sector teams identify, deliver and govern AI-enabled services. It is designed for analysts, product owners and engineers working side by side.',
      'Through case studies from document processing, citizen-service chatbots and demand forecasting, participants learn to frame a problem for machine learning, judge data readiness, run a small pilot and measure its impact. Governance topics include privacy, fairness, transparency and procurement.',
      'Each participant leaves with a one-page proposal for an AI pilot in their own department, reviewed in the final live session.',
    ],
    category: 'Data Science & AI',
    difficulty: 'INTERMEDIATE',
    price: 0,
    required: [],
    gained: ['Machine Learning', 'Large Language Models', 'Problem Solving'],
    educator: 'educator3@halaqa.test',
    privateTo: 'NCAI',
    slots: [slot('sunday', '10:00', '12:00')],
    weeks: [
      {
        'AI in government': [
          video('What AI can and cannot do', 15),
          read('Case study: automating permit processing', 20),
          meet('Live workshop: mapping opportunities'),
        ],
      },
      {
        'From idea to pilot': [
          video('Framing a problem for machine learning', 18),
          path('Assessing data readiness', 40),
          meet('Live workshop: scoping a pilot'),
        ],
        Practice: [assign('Opportunity canvas for your department', 60), quiz('Framing check', 10)],
      },
      {
        'Responsible AI': [
          video('Privacy, fairness and transparency', 20),
          read('Procurement and vendor evaluation', 20),
          meet('Live workshop: risk assessment'),
        ],
        Practice: [assign('Risk register for your pilot', 45), notes('Governance checklist', 10)],
      },
      {
        'Proposal review': [meet('Live workshop: proposal presentations'), assign('One-page AI pilot proposal', 90)],
      },
    ],
    sessions: [{ start: -9, tz: 'America/New_York', seats: 40, learners: ['learner@ncai.halaqa.test'] }],
  }),

  // ----------------------------------------------------------------------- Cloud & DevOps
  course({
    title: 'Docker and Kubernetes in Practice',
    description: 'Package, deploy and operate containerised applications on Kubernetes with confidence.',
    about: [
      'Containers changed how software is shipped, and Kubernetes became the standard way to run them. This hands-on course takes you from writing a good Dockerfile to operating a multi-service application on a Kubernetes cluster.',
      'You will learn image layering and multi-stage builds, container networking and volumes, and then the core Kubernetes objects: pods, deployments, services, config maps, secrets and ingresses. We finish with health checks, autoscaling, rolling updates and Helm charts, and debug real failures in live classes.',
      'Every lab runs on a local cluster, so you need nothing but a laptop with Docker installed.',
    ],
    category: 'Cloud & DevOps',
    difficulty: 'INTERMEDIATE',
    price: 13900,
    required: ['Linux', 'Bash'],
    gained: ['Docker', 'Kubernetes', 'Cloud Architecture'],
    educator: 'educator2@halaqa.test',
    slots: [slot('tuesday', '18:00', '19:30'), slot('thursday', '18:00', '19:30')],
    weeks: [
      {
        Containers: [
          video('Images, containers and layers', 18),
          video('Writing a production Dockerfile', 20),
          meet('Live class: containerising a web API'),
        ],
        Practice: [lab('Multi-stage build for a Node.js app', 60), meet('Live class: image size clinic')],
      },
      {
        'Multi-container apps': [
          video('Networks and volumes', 16),
          video('Docker Compose', 15),
          meet('Live class: app, database and cache'),
        ],
        Practice: [
          lab('Compose a three-tier application', 75),
          quiz('Docker quiz', 15),
          meet('Live class: troubleshooting'),
        ],
      },
      {
        'Kubernetes basics': [
          video('Pods, deployments and services', 22),
          read('Kubernetes concepts overview', 20, 'https://kubernetes.io/docs/concepts/overview/'),
          meet('Live class: your first deployment'),
        ],
        Practice: [lab('Deploy the app to a local cluster', 90), meet('Live class: kubectl power tools')],
      },
      {
        'Running in production': [
          video('Probes, resources and autoscaling', 20),
          video('Config maps, secrets and ingress', 18),
          meet('Live class: rolling updates without downtime'),
        ],
        Practice: [lab('Make the app self-healing', 90), meet('Live class: Helm charts'), quiz('Kubernetes quiz', 15)],
      },
    ],
    sessions: [
      { start: -12, tz: 'America/Chicago', seats: 24, learners: L(7, 8, 9) },
      { start: 16, tz: 'America/New_York', seats: 24 },
    ],
    reviews: [
      {
        by: extraLearner(7),
        rating: 5,
        content:
          'Youssef has clearly run Kubernetes in production. The troubleshooting sessions, where he breaks the cluster on purpose, taught me more than any certification course.',
        daysAgo: 2,
      },
      {
        by: extraLearner(9),
        rating: 4,
        content:
          'Great labs that work on a laptop. I would love an extra week on observability, but overall highly recommended.',
        daysAgo: 5,
      },
    ],
  }),
  course({
    title: 'AWS Cloud Practitioner Bootcamp',
    description: 'Learn the core AWS services and prepare for the Cloud Practitioner certification.',
    about: [
      'Amazon Web Services is the largest cloud platform, and its Cloud Practitioner certification is a popular first step into a cloud career. This bootcamp covers the concepts and services the exam expects, with live demos in a real AWS account.',
      'We cover the shared responsibility model, identity and access management, compute with EC2 and Lambda, storage with S3 and EBS, networking with VPCs, managed databases, monitoring, and pricing and billing. Each week ends with exam-style practice questions discussed live.',
      'No prior cloud experience is needed; basic familiarity with how websites are hosted helps.',
    ],
    category: 'Cloud & DevOps',
    difficulty: 'BEGINNER',
    price: 8900,
    required: [],
    gained: ['AWS', 'Cloud Architecture', 'Networking'],
    educator: 'educator2@halaqa.test',
    slots: [slot('saturday', '09:00', '11:00')],
    weeks: [
      {
        'Cloud concepts': [
          video('Why cloud computing', 12),
          video('Regions, availability zones and the global network', 15),
          meet('Live class: tour of the AWS console'),
        ],
        Practice: [quiz('Cloud concepts practice questions', 20), notes('Key terms glossary', 10)],
      },
      {
        'Security and identity': [
          video('The shared responsibility model', 14),
          video('IAM users, roles and policies', 20),
          meet('Live class: least privilege in practice'),
        ],
        Practice: [assign('Design an IAM setup for a small team', 45), quiz('Security practice questions', 20)],
      },
      {
        'Core services': [
          video('EC2, Lambda and containers', 22),
          video('S3, EBS and storage classes', 18),
          video('VPCs and networking basics', 20),
          meet('Live class: hosting a static website on S3'),
        ],
      },
      {
        'Pricing and exam prep': [
          video('Pricing models and the billing console', 15),
          meet('Live class: exam strategy'),
          quiz('Full practice exam', 90),
        ],
      },
    ],
    sessions: [
      { start: -5, tz: 'America/Denver', seats: 40, learners: L(10) },
      { start: 23, tz: 'America/Phoenix', seats: 40 },
    ],
  }),
  course({
    title: 'CI/CD Pipelines with GitHub Actions',
    description: 'Automate builds, tests, security checks and deployments with GitHub Actions.',
    about: [
      'Continuous integration and delivery let teams ship small changes safely, many times a day. In this course you will design pipelines with GitHub Actions that build, test, scan and deploy an application automatically.',
      'We cover workflow syntax, matrix builds, caching, reusable workflows, secrets and OIDC-based cloud credentials, and environments with manual approvals. You will also learn to keep pipelines fast and trustworthy: flaky-test quarantine, dependency updates and supply-chain security basics.',
    ],
    category: 'Cloud & DevOps',
    difficulty: 'INTERMEDIATE',
    price: 5900,
    required: ['Git'],
    gained: ['CI/CD', 'Docker', 'Software Testing'],
    educator: 'educator2@halaqa.test',
    slots: [slot('wednesday', '18:00', '19:30')],
    weeks: [
      {
        'Workflow basics': [
          video('Events, jobs and steps', 15),
          read('GitHub Actions workflow syntax', 20, 'https://docs.github.com/en/actions'),
          meet('Live class: your first pipeline'),
        ],
        Practice: [lab('Build and test on every pull request', 60), quiz('Workflow syntax quiz', 10)],
      },
      {
        'Fast and reliable pipelines': [
          video('Caching and matrix builds', 16),
          video('Reusable workflows', 14),
          meet('Live class: cutting pipeline time in half'),
        ],
        Practice: [lab('Speed up a slow pipeline', 75), notes('Caching recipes', 5)],
      },
      {
        Delivery: [
          video('Secrets, environments and approvals', 18),
          video('Deploying with short-lived cloud credentials', 16),
          meet('Live class: from merge to production'),
        ],
        Practice: [
          lab('Deploy a container on merge', 90),
          notes('Pipeline security checklist', 10),
          quiz('Final quiz', 15),
        ],
      },
    ],
    sessions: [{ start: 6, tz: 'America/New_York', seats: 30 }],
  }),
  course({
    title: 'Infrastructure as Code with Terraform',
    description: 'Provision and evolve cloud infrastructure safely with Terraform modules, state and reviews.',
    about: [
      'Clicking through a cloud console does not scale. Infrastructure as code lets teams describe their infrastructure in version-controlled files, review changes like application code, and rebuild environments on demand.',
      'This advanced course goes beyond the basics of Terraform: module design, remote state and locking, workspaces and environments, importing existing resources, policy as code, drift detection and safe refactoring with moved blocks. Labs target AWS, but the practices apply to any provider.',
      'Bring experience with at least one cloud platform and the command line.',
    ],
    category: 'Cloud & DevOps',
    difficulty: 'ADVANCED',
    price: 11900,
    required: ['AWS', 'Linux', 'Git'],
    gained: ['Terraform', 'Cloud Architecture', 'CI/CD'],
    educator: 'educator2@halaqa.test',
    slots: [slot('monday', '19:00', '20:30')],
    weeks: [
      {
        Foundations: [
          video('Providers, resources and the plan/apply cycle', 18),
          video('State: what it is and why it matters', 16),
          meet('Live class: a network from scratch'),
        ],
        Practice: [lab('Provision a VPC with public and private subnets', 75), quiz('State and plans quiz', 10)],
      },
      {
        Modules: [
          video('Designing reusable modules', 20),
          read(
            'Module composition patterns',
            20,
            'https://developer.hashicorp.com/terraform/language/modules/develop/composition',
          ),
          meet('Live class: refactoring into modules'),
        ],
        Practice: [lab('A module for a web service', 90), quiz('Modules quiz', 10)],
      },
      {
        'Teams and environments': [
          video('Remote state, locking and workspaces', 18),
          video('Terraform in CI with plan reviews', 16),
          meet('Live class: promoting changes across environments'),
        ],
      },
      {
        'Operating at scale': [
          video('Importing and moving resources', 15),
          video('Policy as code and drift detection', 18),
          meet('Live class: a production incident post-mortem'),
        ],
        'Final project': [assign('Multi-environment platform', 240), quiz('Final assessment', 20)],
      },
    ],
    sessions: [{ start: 27, tz: 'America/Los_Angeles', seats: 20 }],
  }),

  // ----------------------------------------------------------------------- Cybersecurity
  course({
    title: 'Cybersecurity Essentials',
    description: 'Understand today’s threats and the practical defences every professional should know.',
    about: [
      'Security is everyone’s job. This beginner course explains how attacks actually happen, from phishing and password reuse to ransomware and supply-chain compromises, and what individuals and organisations can do about them.',
      'You will learn the foundations of networking and encryption needed to understand security, how authentication and multi-factor authentication work, how to secure a home or small-office network, and how incident response is organised. Live classes include demonstrations of real attack techniques in a safe lab.',
      'No technical background is required.',
    ],
    category: 'Cybersecurity',
    difficulty: 'BEGINNER',
    price: 3900,
    required: [],
    gained: ['Networking', 'Cryptography', 'Incident Response'],
    educator: 'educator5@halaqa.test',
    slots: [slot('tuesday', '17:00', '18:30')],
    weeks: [
      {
        'The threat landscape': [
          video('Who attacks, and why', 14),
          video('Anatomy of a phishing campaign', 16),
          meet('Live class: spot the phish'),
        ],
        Practice: [quiz('Threats quiz', 10), notes('Personal security checklist', 5)],
      },
      {
        'Networks and encryption': [
          video('How networks move data', 18),
          video('Encryption, hashing and certificates', 20),
          meet('Live class: what your browser padlock means'),
        ],
        Practice: [assign('Map your home network', 30), quiz('Crypto basics', 10)],
      },
      {
        'Identity and access': [
          video('Passwords, password managers and MFA', 15),
          read('Passkeys explained', 15),
          meet('Live class: a password cracking demo'),
        ],
      },
      {
        'When things go wrong': [
          video('Incident response in practice', 18),
          video('Backups and ransomware resilience', 14),
          meet('Live class: tabletop exercise'),
        ],
        'Final check': [quiz('Final assessment', 20), assign('Security plan for a small office', 60)],
      },
    ],
    sessions: [
      {
        start: -8,
        tz: 'America/Chicago',
        seats: 50,
        learners: L(11, 15).concat('learner@qad.halaqa.test', ...QAD_LEARNERS.map(([email]) => email)),
      },
      { start: 20, tz: 'America/New_York', seats: 50 },
      { start: 48, tz: 'America/Los_Angeles', seats: 50 },
    ],
    reviews: [
      {
        by: extraLearner(15),
        rating: 4,
        content:
          'A really approachable introduction. The tabletop exercise made incident response feel concrete, and I have finally set up a password manager for my whole family.',
        daysAgo: 1,
      },
      {
        by: 'learner@qad.halaqa.test',
        rating: 5,
        content:
          'Sarah makes a complex topic easy to follow. The live phishing examples were eye-opening for our whole team.',
        daysAgo: 3,
      },
    ],
  }),
  course({
    slug: 'data-driven-decisions-qad',
    title: 'Data-Driven Decisions for QAD Teams',
    description: 'A private programme for QAD staff: from questions to dashboards with SQL and clear charts.',
    about: [
      'This private programme, offered to the staff of QAD Academy, teaches teams to turn everyday questions into queries, numbers and decisions. Two live workshops a week keep the group moving together.',
      'Participants learn to query a relational database with SQL, clean and summarise data, choose the right chart and present a finding to decision makers. Every week ends with a short exercise on data from their own department.',
      'The programme closes with a short presentation of a dashboard each participant built for their team.',
    ],
    category: 'Databases',
    difficulty: 'BEGINNER',
    price: 0,
    required: [],
    gained: ['SQL', 'Data Visualization', 'Statistics'],
    educator: 'educator4@halaqa.test',
    privateTo: 'QAD',
    slots: [slot('sunday', '09:00', '10:30'), slot('wednesday', '09:00', '10:30')],
    weeks: [
      {
        'Asking good questions': [
          video('From a question to a metric', 12),
          meet('Live workshop: our questions'),
          meet('Live workshop: tables and keys'),
        ],
        Practice: [quiz('Metrics check', 10), assign('Three questions for your team', 30)],
      },
      {
        'SQL basics': [
          video('SELECT, WHERE and ORDER BY', 15),
          meet('Live workshop: first queries'),
          meet('Live workshop: filtering'),
        ],
      },
      {
        Summaries: [
          video('GROUP BY and aggregates', 16),
          meet('Live workshop: counting what matters'),
          meet('Live workshop: joins'),
        ],
      },
      {
        Charts: [
          video('Choosing a chart', 14),
          meet('Live workshop: from numbers to charts'),
          meet('Live workshop: dashboard review'),
        ],
        'Final project': [assign('A dashboard for your team', 90), notes('Programme summary', 10)],
      },
    ],
    sessions: [
      {
        start: -24,
        tz: 'America/New_York',
        seats: 20,
        learners: ['learner@qad.halaqa.test', ...QAD_LEARNERS.map(([email]) => email)],
      },
    ],
  }),
  course({
    title: 'Web Application Security and the OWASP Top 10',
    description: 'Find, exploit and fix the most common web vulnerabilities in a deliberately insecure app.',
    about: [
      'Most breaches of web applications exploit a small set of well-known weaknesses. This course walks through the OWASP Top 10 from both sides: you will exploit each vulnerability in a deliberately insecure application, then fix it in the code and write a test that keeps it fixed.',
      'Topics include broken access control, injection, cross-site scripting, insecure design, security misconfiguration, vulnerable dependencies, authentication failures, server-side request forgery and logging gaps. We also cover threat modelling and how to run a lightweight security review on a pull request.',
      'You should be able to read code in at least one web language.',
    ],
    category: 'Cybersecurity',
    difficulty: 'INTERMEDIATE',
    price: 9900,
    required: ['JavaScript', 'REST APIs'],
    gained: ['Web Security', 'Penetration Testing'],
    educator: 'educator5@halaqa.test',
    slots: [slot('monday', '18:00', '19:30'), slot('wednesday', '18:00', '19:30')],
    weeks: [
      {
        'Thinking like an attacker': [
          video('Threat modelling with STRIDE', 18),
          read('OWASP Top 10 overview', 20, 'https://owasp.org/www-project-top-ten/'),
          meet('Live class: threat model of a shop'),
        ],
        'Access control': [
          video('Broken access control', 16),
          meet('Live class: exploiting IDOR'),
          lab('Fix the order endpoints', 60),
        ],
      },
      {
        Injection: [
          video('SQL and command injection', 20),
          video('Cross-site scripting', 18),
          meet('Live class: injection lab'),
        ],
        Practice: [
          lab('Parameterise every query', 75),
          meet('Live class: content security policy'),
          quiz('Injection quiz', 15),
        ],
      },
      {
        'Authentication and sessions': [
          video('Credential stuffing and rate limiting', 15),
          video('Tokens, cookies and CSRF', 20),
          meet('Live class: hijacking a session'),
        ],
        Practice: [lab('Harden the login flow', 75), meet('Live class: code review')],
      },
      {
        'Beyond the code': [
          video('Misconfiguration and vulnerable dependencies', 16),
          video('SSRF and cloud metadata', 14),
          meet('Live class: scanning the supply chain'),
        ],
        'Final project': [
          assign('Security review report', 180),
          meet('Live class: findings presentations'),
          quiz('Final assessment', 20),
        ],
      },
    ],
    sessions: [{ start: 13, tz: 'America/New_York', seats: 25 }],
  }),
  course({
    title: 'Ethical Hacking and Penetration Testing',
    description: 'Plan and run a professional penetration test: recon, exploitation, privilege escalation, reporting.',
    about: [
      'Penetration testers are hired to break into systems before criminals do. This advanced course follows the phases of a real engagement in a private lab network: scoping and rules of engagement, reconnaissance, vulnerability discovery, exploitation, privilege escalation, lateral movement and, crucially, the report.',
      'You will use the standard open-source toolkit (Nmap, Burp Suite, Metasploit, BloodHound and friends) but the emphasis is on methodology and judgement rather than tools. Every week ends with a capture-the-flag challenge discussed live.',
      'Solid Linux and networking skills are required. All exercises take place in an isolated lab, under a strict code of conduct.',
    ],
    category: 'Cybersecurity',
    difficulty: 'ADVANCED',
    price: 18900,
    required: ['Linux', 'Networking', 'Bash'],
    gained: ['Penetration Testing', 'Web Security', 'Incident Response'],
    educator: 'educator5@halaqa.test',
    slots: [slot('saturday', '13:00', '15:30')],
    weeks: [
      {
        'Engagements and recon': [
          video('Scoping and rules of engagement', 15),
          video('Passive and active reconnaissance', 20),
          meet('Live lab: mapping the target network'),
        ],
        Challenge: [lab('Recon capture-the-flag', 120), notes('Recon methodology', 10)],
      },
      {
        Exploitation: [
          video('From vulnerability to exploit', 22),
          video('Web application attacks in depth', 20),
          meet('Live lab: first foothold'),
        ],
        Challenge: [lab('Exploitation capture-the-flag', 150), notes('Exploit write-up template', 10)],
      },
      {
        'Privilege escalation': [
          video('Linux privilege escalation', 20),
          video('Windows privilege escalation', 20),
          meet('Live lab: from user to root'),
        ],
        Challenge: [lab('Escalation capture-the-flag', 150), quiz('Escalation techniques', 15)],
      },
      {
        'Active Directory': [
          video('Kerberos and NTLM attacks', 24),
          video('Lateral movement', 18),
          meet('Live lab: owning the domain'),
        ],
      },
      {
        Reporting: [
          video('Writing findings executives read', 16),
          read('Sample penetration test report', 30),
          meet('Live lab: report review'),
        ],
        'Final engagement': [assign('Full engagement and report', 360), quiz('Final assessment', 25)],
      },
    ],
    sessions: [
      { start: -14, tz: 'America/Los_Angeles', seats: 16, learners: L(3) },
      { start: 30, tz: 'America/Denver', seats: 16 },
    ],
  }),
  course({
    slug: 'initiation-cybersecurite-administrations',
    title: 'Initiation à la cybersécurité pour les administrations',
    description: 'Les bons réflexes de cybersécurité pour les agents et les équipes informatiques du secteur public.',
    about: [
      'Ce programme privé de la Morocco Digital Academy donne aux agents des administrations les réflexes essentiels pour protéger les données des citoyens et la continuité des services publics.',
      'Au programme : les menaces qui visent le secteur public, l’hameçonnage et l’ingénierie sociale, la gestion des mots de passe et l’authentification à plusieurs facteurs, la protection des postes de travail et des données, et la conduite à tenir en cas d’incident. Chaque séance en direct comprend des mises en situation inspirées de cas réels.',
      'Aucun prérequis technique n’est nécessaire.',
    ],
    category: 'Cybersecurity',
    language: 'fr',
    difficulty: 'BEGINNER',
    price: 0,
    required: [],
    gained: ['Incident Response', 'Networking'],
    educator: 'educator2@halaqa.test',
    privateTo: 'MOROCCO',
    slots: [slot('wednesday', '10:00', '11:30')],
    weeks: [
      {
        'Comprendre les menaces': [
          video('Panorama des cybermenaces', 14),
          read('Études de cas dans le secteur public', 20),
          meet('Séance en direct : reconnaître une attaque'),
        ],
      },
      {
        'Les bons réflexes': [
          video('Hameçonnage et ingénierie sociale', 16),
          video('Mots de passe et authentification forte', 15),
          meet('Séance en direct : exercices pratiques'),
        ],
        Pratique: [quiz('Quiz : les bons réflexes', 10), notes('Fiche mémo', 5)],
      },
      {
        'Réagir à un incident': [
          video('Que faire en cas d’incident ?', 15),
          meet('Séance en direct : simulation de crise'),
          quiz('Évaluation finale', 20),
        ],
      },
    ],
    sessions: [{ start: 4, tz: 'America/New_York', seats: 60, learners: ['learner@morocco.halaqa.test'] }],
  }),

  // ----------------------------------------------------------------------- Mobile Development
  course({
    title: 'Cross-Platform Apps with Flutter',
    description: 'Build beautiful iOS and Android apps from a single Dart codebase.',
    about: [
      'Flutter lets you ship a native-feeling app to iOS, Android and the web from one codebase. In this course you will learn Dart and Flutter by building a complete habit-tracker app, from the first widget to a release build.',
      'We cover widgets and layout, navigation, state management with Riverpod, local persistence, calling REST APIs, animations, theming with light and dark modes, right-to-left layouts for Arabic, and testing. The last week is about publishing to the app stores.',
      'Some programming experience in any language is expected.',
    ],
    category: 'Mobile Development',
    difficulty: 'INTERMEDIATE',
    price: 10900,
    required: ['Object-Oriented Programming'],
    gained: ['Flutter', 'Dart', 'REST APIs'],
    educator: 'educator4@halaqa.test',
    slots: [slot('sunday', '16:00', '17:30'), slot('wednesday', '19:00', '20:30')],
    weeks: [
      {
        'Dart and widgets': [
          video('Dart for developers', 20),
          video('Everything is a widget', 16),
          meet('Live class: your first Flutter screen'),
        ],
        Practice: [lab('Habit list UI', 60), meet('Live class: layout clinic')],
      },
      {
        'Navigation and state': [
          video('Navigation and routes', 15),
          video('State management with Riverpod', 22),
          meet('Live class: adding and editing habits'),
        ],
        Practice: [lab('Habit editor', 75), meet('Live class: state patterns'), quiz('State quiz', 10)],
      },
      {
        'Data and APIs': [
          video('Local persistence', 16),
          video('Calling REST APIs', 18),
          meet('Live class: syncing with a backend'),
        ],
        Practice: [lab('Offline-first sync', 90), meet('Live class: error handling')],
      },
      {
        'Polish and release': [
          video('Animations and theming', 18),
          read(
            'Internationalisation and right-to-left layouts',
            15,
            'https://docs.flutter.dev/ui/accessibility-and-internationalization/internationalization',
          ),
          meet('Live class: Arabic and dark mode'),
        ],
        'Final project': [assign('Publish-ready habit tracker', 180), meet('Live class: app store submission')],
      },
    ],
    sessions: [
      { start: -6, tz: 'America/New_York', seats: 28, learners: L(1, 10) },
      { start: 26, tz: 'America/Chicago', seats: 28 },
    ],
  }),
  course({
    title: 'Android Development with Kotlin',
    description: 'Create modern Android apps with Kotlin and Jetpack Compose, step by step.',
    about: [
      'Android runs on billions of devices, and Kotlin with Jetpack Compose is now the recommended way to build for it. This beginner-friendly course teaches both, starting with the Kotlin language and ending with a published-quality app.',
      'You will build a recipe app with lists, detail screens, search, images loaded from the network, favourites stored on the device, and a clean architecture with view models. Along the way we cover Android Studio, debugging and the basics of accessibility on mobile.',
    ],
    category: 'Mobile Development',
    difficulty: 'BEGINNER',
    price: 8900,
    required: [],
    gained: ['Kotlin', 'Android', 'Object-Oriented Programming'],
    educator: 'educator4@halaqa.test',
    slots: [slot('saturday', '11:00', '12:30')],
    weeks: [
      {
        'Kotlin basics': [
          video('Variables, functions and null safety', 18),
          video('Classes and data classes', 15),
          meet('Live class: Kotlin playground'),
        ],
        Practice: [lab('Kotlin koans selection', 60), quiz('Kotlin basics', 10)],
      },
      {
        'Jetpack Compose': [
          video('Composables and modifiers', 18),
          video('Lists and lazy layouts', 14),
          meet('Live class: the recipe list'),
        ],
        Practice: [lab('Recipe list screen', 75), quiz('Compose basics', 10)],
      },
      {
        Architecture: [
          video('View models and state', 18),
          video('Navigation between screens', 14),
          meet('Live class: detail and search'),
        ],
        Practice: [lab('Search and detail screens', 90), notes('Architecture diagram', 5)],
      },
      {
        'Data and polish': [
          video('Loading data from the network', 16),
          video('Storing favourites with Room', 18),
          meet('Live class: accessibility on Android'),
        ],
        'Final project': [assign('Recipe app final submission', 150), quiz('Final assessment', 15)],
      },
    ],
    sessions: [{ start: 11, tz: 'America/Chicago', seats: 30 }],
  }),
  course({
    title: 'iOS Apps with SwiftUI',
    description: 'Design and build native iPhone apps with Swift and SwiftUI.',
    about: [
      'SwiftUI is Apple’s declarative framework for building apps across iPhone, iPad and Mac. This course teaches Swift and SwiftUI through a travel-journal app that uses the camera, maps and on-device storage.',
      'We cover the Swift language, views and modifiers, state and data flow, navigation stacks, async networking, SwiftData persistence, MapKit and accessibility. Live classes focus on design decisions and on debugging with Xcode’s tools.',
      'You need a Mac with Xcode installed and some experience with any programming language.',
    ],
    category: 'Mobile Development',
    difficulty: 'INTERMEDIATE',
    price: 11900,
    required: ['Object-Oriented Programming'],
    gained: ['Swift', 'SwiftUI'],
    educator: 'educator4@halaqa.test',
    slots: [slot('tuesday', '19:30', '21:00')],
    weeks: [
      {
        'Swift fundamentals': [
          video('Optionals, structs and protocols', 20),
          video('Closures and async/await', 18),
          meet('Live class: Swift in a playground'),
        ],
        Practice: [lab('Model the travel journal', 60), quiz('Swift basics', 10)],
      },
      {
        'SwiftUI views': [
          video('Views, modifiers and layout', 18),
          video('State, bindings and observable models', 20),
          meet('Live class: the journal list'),
        ],
        Practice: [lab('Entry editor', 75), quiz('Data flow quiz', 10)],
      },
      {
        'Device features': [
          video('Photos and the camera', 15),
          video('Maps and location', 16),
          meet('Live class: a map of your trips'),
        ],
        Practice: [lab('Trip map', 90), notes('Privacy permissions checklist', 5)],
      },
      {
        'Persistence and release': [
          video('SwiftData', 18),
          read('Accessibility in SwiftUI', 15),
          meet('Live class: TestFlight and release'),
        ],
        'Final project': [assign('Travel journal final submission', 150), quiz('Final assessment', 15)],
      },
    ],
    sessions: [
      { start: -11, tz: 'America/Los_Angeles', seats: 24, learners: L(2) },
      { start: 38, tz: 'America/New_York', seats: 24 },
    ],
  }),

  // ----------------------------------------------------------------------- Programming Fundamentals
  course({
    title: 'Introduction to Programming with Python',
    description: 'Your first programming course: think like a programmer and write useful Python programs.',
    about: [
      'Programming is a way of thinking: breaking a problem into small steps a computer can follow. This free course teaches that way of thinking with Python, one of the friendliest and most useful languages there is.',
      'You will learn variables, conditions, loops, functions, lists and dictionaries, files and errors, and write small programs that solve real problems: a tip calculator, a quiz game, a budget tracker and a word-frequency analyser. Live classes are small and interactive, so there is always time for your questions.',
      'No experience at all is needed, only a computer and curiosity. Seats are limited to keep the classes personal.',
    ],
    category: 'Programming Fundamentals',
    difficulty: 'BEGINNER',
    price: 0,
    required: [],
    gained: ['Python', 'Problem Solving'],
    educator: 'educator@halaqa.test',
    slots: [slot('monday', '17:00', '18:00'), slot('thursday', '17:00', '18:00')],
    weeks: [
      {
        'Getting started': [
          video('What is programming?', 10),
          video('Installing Python and your editor', 12),
          meet('Live class: hello, world'),
        ],
        'First programs': [
          video('Variables and input', 14),
          meet('Live class: a tip calculator'),
          quiz('Week 1 check', 10),
        ],
      },
      {
        Decisions: [
          video('Conditions with if, elif and else', 15),
          meet('Live class: a number-guessing game'),
          lab('Grade converter', 45),
        ],
        Practice: [meet('Live class: debugging together'), quiz('Conditions quiz', 10)],
      },
      {
        Repetition: [video('While and for loops', 16), meet('Live class: a quiz game'), lab('Times-table trainer', 45)],
        Practice: [meet('Live class: loop patterns'), notes('Loop patterns summary', 5)],
      },
      {
        Functions: [
          video('Defining and calling functions', 15),
          meet('Live class: refactoring the quiz game'),
          lab('Unit converter library', 60),
        ],
        Practice: [meet('Live class: testing your functions'), quiz('Functions quiz', 10)],
      },
      {
        'Lists and dictionaries': [
          video('Lists and list operations', 15),
          video('Dictionaries', 14),
          meet('Live class: a budget tracker'),
        ],
        Practice: [lab('Contact book', 60), meet('Live class: code review')],
      },
      {
        'Files and final project': [
          video('Reading and writing files', 12),
          meet('Live class: word-frequency analyser'),
          read('Where to go next', 10, 'https://docs.python.org/3/tutorial/'),
        ],
        'Final project': [assign('Your own Python program', 120), meet('Live class: show and tell')],
      },
    ],
    sessions: [
      { start: -21, tz: 'America/New_York', seats: 30, learners: L(12, 13, 14) },
      { start: 5, tz: 'America/New_York', seats: 12, nearlyFull: true, learners: L(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) },
    ],
    reviews: [
      {
        by: extraLearner(12),
        rating: 5,
        content:
          'I had never written a line of code and now I automate my weekly reports. Amina is patient and the small class size means you always get help.',
        daysAgo: 6,
      },
      {
        by: extraLearner(13),
        rating: 5,
        content: 'The best free course I have taken. The exercises are fun and build on each other nicely.',
        daysAgo: 3,
      },
      {
        by: extraLearner(14),
        rating: 3,
        content:
          'Good content and a friendly instructor. The 5 pm time slot was hard for me, so I relied on the recordings, which are less engaging than the live classes.',
        daysAgo: 2,
      },
    ],
  }),
  course({
    slug: 'python-programming-basics-arabic',
    title: 'أساسيات البرمجة بلغة بايثون',
    description: 'تعلّم أساسيات البرمجة خطوة بخطوة بلغة بايثون، بالعربية ومن الصفر.',
    about: [
      'هذه الدورة مدخل عملي إلى البرمجة باللغة العربية. ستتعلّم كيف تفكّر كمبرمج وتكتب برامج صغيرة مفيدة بلغة بايثون، إحدى أسهل لغات البرمجة وأكثرها انتشاراً.',
      'نغطي المتغيرات والشروط والحلقات والدوال والقوائم والقواميس، ونطبّق كل مفهوم في حصص مباشرة تفاعلية: آلة حاسبة، ولعبة أسئلة، ومتتبّع للمصروفات.',
      'لا يلزم أي خبرة سابقة.',
    ],
    category: 'Programming Fundamentals',
    language: 'ar',
    difficulty: 'BEGINNER',
    price: 2900,
    required: [],
    gained: ['Python', 'Problem Solving'],
    educator: 'educator2@halaqa.test',
    slots: [slot('sunday', '19:00', '20:30')],
    weeks: [
      {
        البداية: [
          video('ما هي البرمجة؟', 10),
          video('تثبيت بايثون وبيئة العمل', 12),
          meet('حصة مباشرة: برنامجك الأول'),
        ],
        تمارين: [quiz('اختبار الأسبوع الأول', 10), lab('آلة حاسبة بسيطة', 45)],
      },
      {
        'الشروط والحلقات': [
          video('الجمل الشرطية', 14),
          video('الحلقات التكرارية', 16),
          meet('حصة مباشرة: لعبة تخمين الأرقام'),
        ],
        تمارين: [lab('لعبة أسئلة', 60), quiz('اختبار الشروط والحلقات', 10)],
      },
      {
        'الدوال والبيانات': [video('الدوال', 15), video('القوائم والقواميس', 18), meet('حصة مباشرة: متتبّع المصروفات')],
        'المشروع النهائي': [assign('مشروعك الخاص ببايثون', 120), notes('ملخص الدورة', 10)],
      },
    ],
    sessions: [
      { start: -2, tz: 'America/New_York', seats: 30, learners: ['learner@qad.halaqa.test'] },
      { start: 19, tz: 'America/Chicago', seats: 30 },
    ],
  }),
  course({
    title: 'Data Structures and Algorithms',
    description:
      'Master the data structures and algorithmic techniques behind efficient software and coding interviews.',
    about: [
      'Knowing which data structure to reach for, and why, is what separates code that works from code that scales. This course covers the classic toolkit rigorously but practically, with every structure implemented from scratch and analysed with big-O notation.',
      'Topics include arrays and dynamic arrays, linked lists, stacks and queues, hash tables, trees and binary search trees, heaps, graphs, sorting and searching, recursion, divide and conquer, greedy algorithms and dynamic programming. Weekly live problem-solving sessions work through interview-style problems together.',
      'You should be comfortable programming in Python, Java or JavaScript. Written solutions are accepted in any of them; the auto-graded programming labs take JavaScript or Python, each lab in its own language, and keep your code as you type.',
    ],
    category: 'Programming Fundamentals',
    difficulty: 'INTERMEDIATE',
    price: 9900,
    required: ['Python'],
    gained: ['Data Structures', 'Algorithms', 'Problem Solving'],
    educator: 'educator@halaqa.test',
    slots: [slot('tuesday', '18:00', '19:30'), slot('saturday', '10:00', '11:30')],
    weeks: [
      {
        'Complexity and arrays': [
          video('Big-O notation', 18),
          video('Dynamic arrays and amortised cost', 15),
          meet('Live class: analysing real code'),
        ],
        'Problem solving': [meet('Live problem solving: two pointers'), lab('Array problems set', 90)],
      },
      {
        'Lists, stacks and queues': [
          video('Linked lists', 16),
          video('Stacks and queues', 14),
          meet('Live class: implementing a deque'),
        ],
        'Problem solving': [
          meet('Live problem solving: balanced brackets and more'),
          lab('Stack and queue problems', 75),
        ],
      },
      {
        // The classroom demo week (classroom-demo.ts): running on the seeding day.
        Hashing: [
          withContent(video('Hash functions and collisions', 18), HASHING_VIDEO),
          withContent(read('How hash maps work inside', 20), HASHING_READING),
          meet('Live class: building a hash map'),
          withContent(quiz('Hashing quiz', 15), HASHING_QUIZ),
          withContent(notes('Hashing cheat sheet', 5), HASHING_NOTES),
        ],
        'Problem solving': [
          meet('Live problem solving: frequency counting'),
          withContent(path('Learning path: when to reach for a hash map', 20), HASHING_PATH),
          withContent(lab('Two sum in one pass', 75), HASHING_PROGRAMMING),
          withContent(lab('First unique character (Python)', 45), HASHING_PYTHON_PROGRAMMING),
          withContent(assign('Design a URL shortener', 60), HASHING_ASSIGNMENT),
        ],
      },
      {
        Trees: [
          video('Binary trees and traversals', 18),
          video('Binary search trees and balancing', 20),
          meet('Live class: tree recursion'),
        ],
        'Problem solving': [
          meet('Live problem solving: tree problems'),
          lab('Tree problems set', 90),
          live('Office hours: trees Q&A', 60),
        ],
      },
      {
        'Heaps and graphs': [
          video('Heaps and priority queues', 16),
          video('Graph representations, BFS and DFS', 22),
          meet('Live class: shortest paths'),
        ],
        'Problem solving': [meet('Live problem solving: graph search'), lab('Graph problems set', 90)],
      },
      {
        'Sorting and searching': [
          video('Merge sort and quicksort', 20),
          video('Binary search beyond arrays', 14),
          meet('Live class: divide and conquer'),
        ],
        'Problem solving': [meet('Live problem solving: binary search on answers'), quiz('Sorting quiz', 15)],
      },
      {
        'Dynamic programming': [
          video('From recursion to memoisation', 20),
          video('Classic DP patterns', 24),
          meet('Live class: DP step by step'),
        ],
        'Problem solving': [
          meet('Live problem solving: mock interview'),
          lab('Dynamic programming set', 120),
          quiz('Final assessment', 30),
        ],
      },
    ],
    sessions: [
      // The classroom demo session: learner@halaqa.test attends it, in its third week on the seeding day.
      { start: -14, tz: 'America/New_York', seats: 30, learners: [DEMO_CLASSROOM_LEARNER, ...L(11, 15)] },
      { start: 28, tz: 'America/Los_Angeles', seats: 30 },
    ],
  }),
  course({
    title: 'Object-Oriented Design with Java',
    description: 'Write maintainable Java with classes, interfaces, design patterns and unit tests.',
    about: [
      'Object-oriented design is about organising code so that it is easy to change. This course uses modern Java (records, sealed interfaces, pattern matching) to teach the principles that keep large codebases healthy: encapsulation, composition over inheritance, SOLID and the most useful design patterns.',
      'Through a library-management system that grows every week, you will practise modelling a domain, writing unit tests with JUnit, refactoring safely and recognising when a pattern helps and when it is over-engineering.',
    ],
    category: 'Programming Fundamentals',
    difficulty: 'INTERMEDIATE',
    price: 6900,
    required: ['Problem Solving'],
    gained: ['Java', 'Object-Oriented Programming', 'Software Testing'],
    educator: 'educator4@halaqa.test',
    slots: [slot('thursday', '18:00', '19:30')],
    weeks: [
      {
        'Classes and objects': [
          video('Classes, records and encapsulation', 18),
          video('Interfaces and polymorphism', 16),
          meet('Live class: modelling the library'),
        ],
        Practice: [lab('Books, members and loans', 60), quiz('Java OOP basics', 10)],
      },
      {
        'Design principles': [
          video('SOLID in plain words', 20),
          video('Composition over inheritance', 14),
          meet('Live class: refactoring a god class'),
        ],
        Practice: [lab('Late-fee policies', 75), quiz('Design principles quiz', 10)],
      },
      {
        'Testing and refactoring': [
          video('Unit tests with JUnit', 16),
          read('Refactoring catalogue highlights', 20, 'https://refactoring.com/catalog/'),
          meet('Live class: test-driven development'),
        ],
        Practice: [lab('Cover the loan service with tests', 75), notes('Refactoring safety net', 5)],
      },
      {
        'Design patterns': [
          video('Strategy, observer and factory', 22),
          video('When patterns hurt', 12),
          meet('Live class: notifications with observer'),
        ],
        'Final project': [assign('Library system design review', 120), quiz('Final assessment', 20)],
      },
    ],
    sessions: [{ start: 17, tz: 'America/Detroit', seats: 30 }],
  }),
  course({
    title: 'Git and the Command Line',
    description: 'Get productive in the terminal and collaborate with Git like a professional developer.',
    about: [
      'The terminal and Git are the two tools every developer uses every day, and the two that bootcamps most often skip. In three weeks this course makes you comfortable with both.',
      'You will navigate the file system, use pipes and redirection, write small shell scripts, and then learn Git properly: commits, branches, merging and rebasing, resolving conflicts, working with remotes and pull requests, and recovering from mistakes with the reflog.',
    ],
    category: 'Programming Fundamentals',
    difficulty: 'BEGINNER',
    price: 2900,
    required: [],
    gained: ['Git', 'Bash', 'Linux'],
    educator: 'educator2@halaqa.test',
    slots: [slot('friday', '17:00', '18:30')],
    weeks: [
      {
        'The command line': [
          video('Navigating the file system', 12),
          video('Pipes, redirection and text tools', 16),
          meet('Live class: terminal bootcamp'),
        ],
        Practice: [lab('Log file detective', 45), notes('Command cheat sheet', 5)],
      },
      {
        'Git foundations': [
          video('Commits and the staging area', 15),
          video('Branches and merging', 16),
          meet('Live class: a branching workflow'),
        ],
        Practice: [lab('Resolve the merge conflicts', 45), quiz('Git basics', 10)],
      },
      {
        Collaboration: [
          video('Remotes and pull requests', 14),
          video('Rebase, reflog and undoing mistakes', 18),
          meet('Live class: team collaboration simulation'),
        ],
        Practice: [assign('Contribute to the class repository', 60), quiz('Final quiz', 15)],
      },
    ],
    sessions: [
      { start: -3, tz: 'America/Indiana/Indianapolis', seats: 40, learners: ['learner@morocco.halaqa.test'] },
      { start: 25, tz: 'America/New_York', seats: 40 },
    ],
  }),

  // ----------------------------------------------------------------------- Databases
  course({
    title: 'SQL for Everyone',
    description: 'Query, summarise and join data with SQL, the language every data role relies on.',
    about: [
      'SQL is the most durable skill in data: analysts, engineers, product managers and scientists all use it. This course teaches SQL from the first SELECT to window functions, using PostgreSQL and a realistic online-shop database.',
      'You will learn to filter and sort, aggregate with GROUP BY, join tables correctly, write subqueries and common table expressions, and use window functions for rankings and running totals. We also cover how to read a schema, avoid common mistakes with NULL and duplicates, and create your own tables.',
      'No prior experience is required.',
    ],
    category: 'Databases',
    difficulty: 'BEGINNER',
    price: 3900,
    required: [],
    gained: ['SQL', 'PostgreSQL', 'Data Modeling'],
    educator: 'educator5@halaqa.test',
    slots: [slot('wednesday', '17:30', '19:00')],
    weeks: [
      {
        'First queries': [
          video('Tables, rows and columns', 12),
          video('SELECT, WHERE and ORDER BY', 16),
          meet('Live class: exploring the shop database'),
        ],
        Practice: [lab('Find the customers', 45), quiz('Query basics', 10)],
      },
      {
        Aggregation: [
          video('COUNT, SUM and GROUP BY', 16),
          video('The many faces of NULL', 12),
          meet('Live class: sales reports'),
        ],
        Practice: [lab('Monthly revenue report', 60), quiz('Aggregation quiz', 10)],
      },
      {
        Joins: [
          video('Inner and outer joins', 18),
          read('PostgreSQL: joins between tables', 15, 'https://www.postgresql.org/docs/current/tutorial-join.html'),
          meet('Live class: joining five tables'),
        ],
        Practice: [lab('Orders with their products', 60), quiz('Joins quiz', 10)],
      },
      {
        'Advanced queries': [
          video('Subqueries and CTEs', 18),
          video('Window functions', 20),
          meet('Live class: rankings and running totals'),
        ],
        'Final project': [assign('Business questions answered in SQL', 120), quiz('Final assessment', 20)],
      },
    ],
    sessions: [
      { start: -13, tz: 'America/New_York', seats: 40, learners: L(9, 10).concat('learner@morocco.halaqa.test') },
      { start: 15, tz: 'America/Chicago', seats: 40 },
      { start: 43, tz: 'Pacific/Honolulu', seats: 40 },
    ],
    reviews: [
      {
        by: extraLearner(10),
        rating: 5,
        content:
          'Sarah’s explanation of joins finally made it click. The shop database is realistic enough that I could reuse the queries at work the next day.',
        daysAgo: 4,
      },
      {
        by: 'learner@morocco.halaqa.test',
        rating: 4,
        content:
          'Very practical course with good exercises. Window functions are hard, but the live class made them approachable.',
        daysAgo: 2,
      },
    ],
  }),
  course({
    title: 'PostgreSQL Performance Tuning',
    description: 'Diagnose slow queries and tune PostgreSQL: indexes, plans, locking, vacuum and configuration.',
    about: [
      'When an application slows down, the database is usually where the answer lies. This advanced course teaches you to find and fix PostgreSQL performance problems methodically rather than by guesswork.',
      'We read execution plans with EXPLAIN ANALYZE, choose the right index types (B-tree, GIN, BRIN, partial and covering indexes), rewrite problem queries, understand MVCC, vacuum and bloat, diagnose lock contention, and tune memory and connection settings. The labs replay realistic workloads against a database with millions of rows.',
      'You should be comfortable writing SQL and have used PostgreSQL before.',
    ],
    category: 'Databases',
    difficulty: 'ADVANCED',
    price: 15900,
    required: ['SQL', 'PostgreSQL'],
    gained: ['Query Optimization', 'PostgreSQL', 'Data Modeling'],
    educator: 'educator4@halaqa.test',
    slots: [slot('tuesday', '18:00', '20:00')],
    weeks: [
      {
        'Reading plans': [
          video('How the planner works', 20),
          read('Using EXPLAIN', 25, 'https://www.postgresql.org/docs/current/using-explain.html'),
          meet('Live class: plan reading workshop'),
        ],
        Practice: [lab('Explain the slow dashboard', 75), quiz('Plan nodes quiz', 10)],
      },
      {
        Indexing: [
          video('B-tree internals and multicolumn indexes', 22),
          video('GIN, BRIN, partial and covering indexes', 20),
          meet('Live class: index design for a real workload'),
        ],
        Practice: [lab('Index the orders table', 90), quiz('Indexing quiz', 15)],
      },
      {
        'Concurrency and maintenance': [
          video('MVCC, vacuum and bloat', 22),
          video('Locks and lock contention', 18),
          meet('Live class: a deadlock investigation'),
        ],
        Practice: [lab('Fix the lock queue', 90), notes('Monitoring queries', 10)],
      },
      {
        'Configuration and scaling': [
          video('Memory, checkpoints and connection pooling', 20),
          video('Partitioning and read replicas', 18),
          meet('Live class: tuning under load'),
        ],
        'Final project': [assign('Performance audit report', 180), quiz('Final assessment', 20)],
      },
    ],
    sessions: [{ start: 8, tz: 'America/Chicago', seats: 20 }],
  }),
  course({
    title: 'NoSQL Data Modeling with MongoDB and Redis',
    description: 'Model documents and key-value data for real applications, and know when NoSQL is the right choice.',
    about: [
      'Document and key-value stores solve problems that relational databases find awkward, and create new ones when used carelessly. This course teaches you to model data for MongoDB and Redis around your application’s access patterns.',
      'We cover embedding versus referencing, schema validation, indexes and the aggregation pipeline in MongoDB, then Redis data structures for caching, rate limiting, leaderboards and queues. The last week compares trade-offs with relational designs, so you can defend your choice in a design review.',
    ],
    category: 'Databases',
    difficulty: 'INTERMEDIATE',
    price: 9900,
    required: ['JavaScript', 'SQL'],
    gained: ['MongoDB', 'Redis', 'Data Modeling'],
    educator: 'educator5@halaqa.test',
    slots: [slot('thursday', '17:30', '19:00')],
    weeks: [
      {
        Documents: [
          video('Documents, collections and BSON', 15),
          video('Embedding versus referencing', 20),
          meet('Live class: modelling a blog platform'),
        ],
        Practice: [lab('Model a product catalogue', 60), quiz('Document modelling quiz', 10)],
      },
      {
        'Querying MongoDB': [
          video('Indexes and query shapes', 18),
          video('The aggregation pipeline', 22),
          meet('Live class: analytics with aggregations'),
        ],
        Practice: [lab('Aggregation challenges', 75), quiz('Aggregation pipeline quiz', 10)],
      },
      {
        Redis: [
          video('Redis data structures', 18),
          video('Caching patterns and expiry', 15),
          meet('Live class: a rate limiter and a leaderboard'),
        ],
        Practice: [lab('Cache the product API', 75), notes('Redis patterns summary', 10)],
      },
      {
        'Choosing a database': [
          video('Consistency, transactions and trade-offs', 18),
          read('Case studies: when teams moved back to SQL', 20),
          meet('Live class: design review role-play'),
        ],
        'Final project': [assign('Data model design document', 120), quiz('Final assessment', 15)],
      },
    ],
    sessions: [
      { start: -1, tz: 'America/Boise', seats: 25, learners: L(8) },
      { start: 34, tz: 'America/New_York', seats: 25 },
    ],
  }),
  // Sent for review without a session, so the admins' course queue is not empty after `npm start`.
  course({
    title: 'Compilers from Scratch',
    description:
      'Write a small compiler for a teaching language, from the lexer to running machine code, live with an instructor.',
    about: [
      'Compilers look like magic until you write one. Over four weeks you build a compiler for a small expression language: a hand-written lexer and recursive-descent parser, a type checker, and a code generator targeting a stack machine.',
      'Each week ends with a live code review of your compiler, and the last week adds optimisations such as constant folding and dead-code elimination, so you leave with a working project and a clear picture of what your everyday tools do.',
    ],
    category: 'Programming Fundamentals',
    difficulty: 'ADVANCED',
    price: 12900,
    required: ['Python', 'Data Structures'],
    gained: ['Algorithms'],
    educator: 'educator@halaqa.test',
    slots: [slot('tuesday', '18:00', '19:30')],
    weeks: [
      {
        Lexing: [video('Tokens, lexemes and regular languages', 18), meet('Live class: a hand-written lexer')],
        Practice: [lab('Lex arithmetic expressions', 60), quiz('Lexing quiz', 10)],
      },
      {
        Parsing: [video('Grammars and recursive descent', 22), meet('Live class: precedence climbing')],
        Practice: [lab('Parse to an abstract syntax tree', 75), quiz('Parsing quiz', 10)],
      },
      {
        'Types and code': [
          video('Type checking an expression language', 20),
          meet('Live class: a stack-machine back end'),
        ],
        Practice: [assign('Compile and run the sample programs', 90), notes('Code generation summary', 10)],
      },
      {
        Optimisation: [video('Constant folding and dead code', 18), meet('Live class: code review of your compiler')],
        'Final project': [assign('Your compiler, documented', 120), quiz('Final assessment', 15)],
      },
    ],
    sessions: [],
    pendingReview: true,
  }),
];

{
  const nearlyFull = DEMO_COURSES.flatMap((c) => c.sessions).filter((s) => s.nearlyFull);
  if (nearlyFull.length !== 1) throw new Error('Demo data: exactly one session must be nearly full');
  const classroom = DEMO_COURSES.flatMap((c) => c.sessions.map((s) => ({ c, s }))).filter(({ s }) =>
    s.learners.includes(DEMO_CLASSROOM_LEARNER),
  );
  if (classroom.length !== 1 || classroom[0]!.c.slug !== DEMO_CLASSROOM_COURSE || classroom[0]!.s.status !== 'ACTIVE') {
    throw new Error(
      `Demo data: ${DEMO_CLASSROOM_LEARNER} must attend exactly one session, the running one of "${DEMO_CLASSROOM_COURSE}"`,
    );
  }
}
