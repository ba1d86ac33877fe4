import type { FilePart } from './harness.js';
import { DEMO_PASSWORD } from './harness.js';
import {
  EMAIL,
  PAID_TOTAL_CENTS,
  mp4Part,
  pdfPart,
  pngPart,
  type CallerKey,
  type Person,
  type World,
} from './authorization-world.js';
import { MONDAY_EVENINGS } from '../fixtures.js';

/**
 * The owner rules of the authorization matrix: for every operationId of openapi/halaqa.yaml, the
 * targets it is called on and, per target, which callers own it (may succeed). `x-roles` says which
 * roles may call at all; this table says, among those, who may act on which resource.
 *
 * Targets: `none` (no resource: public, or the caller's own account: /me, uploads, lists filtered
 * to the caller), `own` (the caller's own resource, or one of the caller's company A),
 * `otherCompany` (company B's), `otherEducator` (an educator without company's, public course),
 * `otherLearner` (another learner of company A). Callers: see CALLERS in authorization-world.ts.
 *
 * `allow: 'roles'` means every caller whose role is in x-roles; a list names the owners. A caller
 * allowed by x-roles but not listed must be refused with 403 or 404 (404 hides that the resource
 * exists, which is accepted: e.g. another company's private course, someone else's payment intent).
 */

export type TargetKind = 'none' | 'own' | 'otherCompany' | 'otherEducator' | 'otherLearner';

/** A request of the matrix: path parameters, query, JSON body or multipart fields/files, extra headers. */
export interface MatrixRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  multipart?: { fields: Record<string, string>; files?: Record<string, FilePart> };
  headers?: Record<string, string>;
}

export interface Variant {
  target: TargetKind;
  /** What the target is, for the report. */
  label: string;
  allow: 'roles' | readonly CallerKey[];
  /** Builds a valid request for caller `c` (called once per case: fresh keys, boundaries, e-mails). */
  build: (w: World, c: CallerKey) => MatrixRequest;
  /** Non-2xx statuses an allowed caller may get for business reasons that are not worth listing (with why). */
  allowedStatuses?: { statuses: number[]; why: string };
  /** The first owner's success uses the target up (deleted, decided): later owners may get 404/409/422. */
  consumable?: boolean;
}

export interface OwnerRule {
  variants: Variant[];
  /** Why an operation with path parameters or x-tenant-scoped has no per-owner target. */
  why?: string;
}

const STAFF = ['superAdmin', 'admin'] as const satisfies readonly CallerKey[];
/** Members of company A among the callers, and admins. */
const MEMBERS_A = [...STAFF, 'educator', 'learner', 'partner', 'user'] as const satisfies readonly CallerKey[];

let seq = 0;
const unique = () => `${Date.now().toString(36)}-${++seq}`;
const idem = () => ({ 'idempotency-key': `matrix-${unique()}` });
/** The person a caller is (anonymous borrows the learner's things: it is refused before they matter). */
const me = (c: CallerKey): Person => (c === 'anon' ? 'learner' : c);
const cardOf = (w: World, c: CallerKey) => w.cards[me(c)] ?? w.cards.learner!;

const none = (build: Variant['build'], extra: Partial<Variant> = {}): OwnerRule => ({
  variants: [{ target: 'none', label: 'no resource', allow: 'roles', build, ...extra }],
});
const nothing = () => ({});
/** Why the federated sign-in operations have no per-owner target. */
const FEDERATED_PROVIDER_PARAM = 'the path names a directory (MA or QA), not a resource anyone owns';

/** Variants over the three course worlds: A (own), B (other company, private), O (other educator, public). */
function perCourse(
  build: (w: World, k: 'A' | 'B' | 'O', c: CallerKey) => MatrixRequest,
  allow: { A: Variant['allow']; B: Variant['allow']; O: Variant['allow'] },
  what: string,
  extra: Partial<Variant> = {},
): Variant[] {
  return [
    {
      target: 'own',
      label: `${what} of educator A (company A)`,
      allow: allow.A,
      build: (w, c) => build(w, 'A', c),
      ...extra,
    },
    {
      target: 'otherCompany',
      label: `${what} of company B (private course)`,
      allow: allow.B,
      build: (w, c) => build(w, 'B', c),
      ...extra,
    },
    {
      target: 'otherEducator',
      label: `${what} of an educator without company (public course)`,
      allow: allow.O,
      build: (w, c) => build(w, 'O', c),
      ...extra,
    },
  ];
}

/**
 * Catalog reads: public courses for everyone; A's private course for company A and admins; B's
 * private course for admins only. The public session info and syllabus honour a token when one is
 * sent (members read their company's private sessions there too).
 */
function catalog(
  build: (w: World, course: number, session: number, c: CallerKey) => MatrixRequest,
  what: string,
): OwnerRule {
  return {
    variants: [
      {
        target: 'own',
        label: `${what} of company A's public course`,
        allow: 'roles',
        build: (w, c) => build(w, w.A.courseId, w.A.session, c),
      },
      {
        target: 'own',
        label: `${what} of the course private to company A`,
        allow: MEMBERS_A,
        build: (w, c) => build(w, w.privA.courseId, w.privA.session, c),
      },
      {
        target: 'otherCompany',
        label: `${what} of the course private to company B`,
        allow: STAFF,
        build: (w, c) => build(w, w.B.courseId, w.B.session, c),
      },
      {
        target: 'otherEducator',
        label: `${what} of another educator's public course`,
        allow: 'roles',
        build: (w, c) => build(w, w.O.courseId, w.O.session, c),
      },
    ],
  };
}

/** Learner-owned things (attempts, intents, cards): the caller's own, another learner of A's, company B's learner's, another educator's learner's. */
function perLearner(
  build: (w: World, owner: Person | 'self', c: CallerKey) => MatrixRequest,
  ownAllow: Variant['allow'],
  what: string,
  extra: Partial<Variant> = {},
): Variant[] {
  return [
    {
      target: 'own',
      label: `the caller's own ${what}`,
      allow: ownAllow,
      build: (w, c) => build(w, 'self', c),
      ...extra,
    },
    {
      target: 'otherLearner',
      label: `${what} of another learner of company A`,
      allow: [],
      build: (w, c) => build(w, 'learnerA2', c),
      ...extra,
    },
    {
      target: 'otherCompany',
      label: `${what} of company B's learner`,
      allow: [],
      build: (w, c) => build(w, 'learnerB', c),
      ...extra,
    },
    {
      target: 'otherEducator',
      label: `${what} of another educator's learner`,
      allow: [],
      build: (w, c) => build(w, 'learnerO', c),
      ...extra,
    },
  ];
}
const courseOf = (w: World, owner: Person | 'self') => (owner === 'learnerB' ? w.B : owner === 'learnerO' ? w.O : w.A);

const courseForm = (w: World, c: CallerKey, extra: Record<string, string> = {}) => ({
  multipart: {
    fields: {
      action: 'save',
      title: `Matrix course ${unique()}`,
      description: 'A course of the matrix',
      courseCategoryId: '1',
      price: '0',
      numHours: '10',
      difficultyLevel: 'BEGINNER',
      pictureId: String(w.educatorPictureId),
      isPrivate: 'false',
      ...extra,
    },
  },
});
const upload = (field: string, part: () => FilePart) =>
  none(() => ({ multipart: { fields: {}, files: { [field]: part() } } }));
const THEME = {
  style: { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#778899' },
  links: { website: 'https://a.halaqa.test' },
};

export const OWNER_RULES: Record<string, OwnerRule> = {
  // ── Auth and account: public, or the caller's own account ──
  signIn: none(() => ({ body: { email: EMAIL.learner, password: DEMO_PASSWORD } })),
  listFederatedProviders: none(nothing),
  startFederatedSignIn: {
    ...none(() => ({ params: { provider: 'QA' }, body: { redirect: '/my-courses' } })),
    why: FEDERATED_PROVIDER_PARAM,
  },
  completeFederatedSignIn: {
    ...none(() => ({ params: { provider: 'QA' }, body: { state: `matrix-${unique()}`, code: 'matrix' } }), {
      allowedStatuses: {
        statuses: [400],
        why: 'no sign-in was started in this browser: the state is unknown (tests/api/federated-sign-in.test.ts runs the whole flow)',
      },
    }),
    why: FEDERATED_PROVIDER_PARAM,
  },
  refreshFederatedToken: none(nothing, {
    allowedStatuses: {
      statuses: [401],
      why: 'the matrix has no federated sign-in: no refresh cookie (tests/api/federated-sign-in.test.ts refreshes)',
    },
  }),
  // Sign-out ends the sign-in it is called with: each caller spends a second one, not the matrix's token.
  signOut: none((w, c) => (c === 'anon' ? {} : { headers: { authorization: `Bearer ${w.spareTokens[c]}` } })),
  signUp: none(() => ({
    multipart: {
      fields: {
        firstName: 'New',
        lastName: 'Person',
        email: `new-${unique()}@matrix.test`,
        password: 'Str0ng!pass',
        role: 'LEARNER',
      },
    },
  })),
  signUpCompany: none(() => ({
    body: {
      company: {
        name: 'New Co',
        acronym: `NC${seq++}`,
        address: { line1: '1 Main', city: 'Doha', postalCode: '00000', country: 'QA' },
      },
      account: {
        firstName: 'New',
        lastName: 'Partner',
        email: `partner-${unique()}@matrix.test`,
        password: 'Str0ng!pass',
      },
    },
  })),
  getCaptchaChallenge: none(() => ({})),
  verifyEmail: none(() => ({ body: { token: 'matrix.1.not-a-token' } }), {
    allowedStatuses: {
      statuses: [400],
      why: 'the matrix has no mailed link (tests/api/email-verification.test.ts verifies one)',
    },
  }),
  requestPasswordReset: none(() => ({ body: { email: EMAIL.learner } })),
  resetPassword: {
    variants: [
      {
        target: 'none',
        label: 'a token nobody was mailed',
        allow: 'roles',
        build: () => ({
          body: { email: EMAIL.learner, token: 'tok', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' },
        }),
        allowedStatuses: {
          statuses: [422],
          why: 'public: anyone may try a token; an unknown one is refused (tests/api/account.test.ts resets with a mailed one)',
        },
      },
    ],
  },
  changePassword: {
    variants: [
      {
        target: 'none',
        label: "the caller's own password, old one wrong",
        allow: 'roles',
        build: () => ({ body: { oldPassword: `not-${DEMO_PASSWORD}`, newPassword: 'Str0ng!pass' } }),
        allowedStatuses: {
          statuses: [400],
          why: "a real change ends the caller's other sign-ins, the matrix's token among them: the wrong old password proves the caller got past authorization (tests/api/account.test.ts changes it for real)",
        },
      },
    ],
  },
  updateProfile: none(() => ({ body: { firstName: 'Same', lastName: 'Name' } })),
  uploadProfilePicture: upload('profilePicture', pngPart),
  uploadResume: upload('resume', pdfPart),
  uploadSignature: upload('signature', pngPart),
  sendContactMessage: none(() => ({ body: { name: 'N', email: 'n@matrix.test', subject: 'S', message: 'M' } })),

  // ── Users ──
  getUser: {
    variants: [
      {
        target: 'own',
        label: 'the caller themself',
        allow: 'roles',
        build: (w, c) => ({ params: { id: w.ids[me(c)] } }),
      },
      {
        target: 'otherLearner',
        label: 'another learner of company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.ids.learnerA2 } }),
      },
      {
        target: 'otherCompany',
        label: "company B's learner",
        allow: STAFF,
        build: (w) => ({ params: { id: w.ids.learnerB } }),
      },
      {
        target: 'otherEducator',
        label: 'an educator without company',
        allow: STAFF,
        build: (w) => ({ params: { id: w.ids.educatorO } }),
      },
    ],
  },
  getMyCompany: none(nothing, { allowedStatuses: { statuses: [404], why: 'admins belong to no company' } }),
  listMyAddresses: none(nothing),
  createMyAddress: none(() => ({ body: { line1: '1 Main', city: 'Doha', postalCode: '00000', country: 'QA' } })),
  listEducators: none(nothing),
  listLearners: none(nothing),
  listPartners: none(nothing),
  listInvitations: none(nothing),
  inviteUser: none(() => ({ body: { email: `invitee-${unique()}@matrix.test`, role: 'LEARNER' } }), {
    allowedStatuses: { statuses: [400], why: 'admins belong to no company to invite into' },
  }),
  bulkInviteUsers: none(
    () => ({
      multipart: {
        fields: {},
        files: {
          file: {
            filename: 'people.csv',
            contentType: 'text/csv',
            content: Buffer.from(`email,role\nbulk-${unique()}@matrix.test,LEARNER\n`),
          },
        },
      },
    }),
    {
      allowedStatuses: { statuses: [400], why: 'admins belong to no company to invite into' },
    },
  ),
  getInvitation: {
    why: 'public: the random link token is the key (it names no company resource a caller could own)',
    variants: [
      {
        target: 'none',
        label: 'an invitation link',
        allow: 'roles',
        build: (w) => ({ params: { token: w.invitations.tokenUser } }),
      },
    ],
  },
  acceptInvitation: {
    why: 'the invitee accepts their own invitation; everyone else is another e-mail (403)',
    variants: [
      {
        target: 'own',
        label: "an invitation to the USER caller's e-mail",
        allow: ['user'],
        consumable: true,
        build: (w) => ({ params: { token: w.invitations.tokenUser } }),
      },
    ],
  },
  deleteInvite: {
    variants: [
      {
        target: 'own',
        label: 'a pending invitation of company A',
        allow: [...STAFF, 'partner'],
        consumable: true,
        build: (w) => ({ params: { id: w.invitations.withdrawA } }),
      },
      {
        target: 'otherCompany',
        label: 'a pending invitation of company B',
        allow: STAFF,
        consumable: true,
        build: (w) => ({ params: { id: w.invitations.withdrawB } }),
      },
    ],
  },
  resendInvitation: {
    variants: [
      {
        target: 'own',
        label: 'a pending invitation of company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.companyA, invitationId: w.invitations.resendA } }),
      },
      {
        target: 'otherCompany',
        label: 'a pending invitation of company B',
        allow: STAFF,
        build: (w) => ({ params: { id: w.companyB, invitationId: w.invitations.resendB } }),
      },
    ],
  },
  approveUser: {
    why: 'admins decide on any user',
    variants: [
      {
        target: 'otherCompany',
        label: 'a pending educator',
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.pendingUsers.approve } }),
      },
    ],
  },
  rejectUser: {
    why: 'admins decide on any user',
    variants: [
      {
        target: 'otherCompany',
        label: "company B's pending partner",
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.pendingUsers.reject }, body: { message: 'No' } }),
      },
    ],
  },
  deleteUser: {
    why: 'admins decide on any user',
    variants: [
      {
        target: 'otherCompany',
        label: 'a learner of company B',
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.pendingUsers.remove }, body: { message: 'Bye' } }),
      },
    ],
  },
  listContactMessages: none(nothing),
  markContactMessageRead: {
    why: "admins read any message of the platform's inbox",
    variants: [
      {
        target: 'none',
        label: 'a contact message',
        allow: 'roles',
        build: (w) => ({ params: { id: w.contactMessageId } }),
      },
    ],
  },
  sendMail: {
    variants: [
      {
        target: 'own',
        label: "a learner of company A in educator A's session",
        allow: [...STAFF, 'educator', 'partner'],
        build: (w) => ({ body: { message: 'Hello', userIdsTo: [w.ids.learner] } }),
      },
      {
        target: 'otherCompany',
        label: "company B's learner",
        allow: STAFF,
        build: (w) => ({ body: { message: 'Hello', userIdsTo: [w.ids.learnerB] } }),
      },
      {
        target: 'otherEducator',
        label: "another educator's learner (no company)",
        allow: STAFF,
        build: (w) => ({ body: { message: 'Hello', userIdsTo: [w.ids.learnerO] } }),
      },
    ],
  },

  // ── Companies ──
  getCompanySettings: {
    variants: [
      { target: 'own', label: 'company A', allow: MEMBERS_A, build: (w) => ({ params: { id: w.companyA } }) },
      { target: 'otherCompany', label: 'company B', allow: STAFF, build: (w) => ({ params: { id: w.companyB } }) },
    ],
  },
  updateCompanySettings: {
    variants: [
      {
        target: 'own',
        label: 'company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.companyA }, body: THEME }),
      },
      {
        target: 'otherCompany',
        label: 'company B',
        allow: STAFF,
        build: (w) => ({ params: { id: w.companyB }, body: THEME }),
      },
    ],
  },
  getCompanyAttendanceAnalytics: {
    variants: [
      {
        target: 'own',
        label: 'company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.companyA } }),
      },
      { target: 'otherCompany', label: 'company B', allow: STAFF, build: (w) => ({ params: { id: w.companyB } }) },
    ],
  },
  listCompanyMembers: {
    variants: [
      {
        target: 'own',
        label: 'company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.companyA } }),
      },
      { target: 'otherCompany', label: 'company B', allow: STAFF, build: (w) => ({ params: { id: w.companyB } }) },
    ],
  },
  removeCompanyMember: {
    variants: [
      {
        target: 'own',
        label: 'a learner of company A',
        allow: [...STAFF, 'partner'],
        consumable: true,
        build: (w) => ({ params: { id: w.companyA, userId: w.invitations.memberA } }),
      },
      {
        target: 'otherCompany',
        label: 'a learner of company B',
        allow: STAFF,
        consumable: true,
        build: (w) => ({ params: { id: w.companyB, userId: w.invitations.memberB } }),
      },
    ],
  },
  uploadCompanyPicture: {
    variants: [
      {
        target: 'own',
        label: 'company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.companyA }, multipart: { fields: {}, files: { picture: pngPart() } } }),
      },
      {
        target: 'otherCompany',
        label: 'company B',
        allow: STAFF,
        build: (w) => ({ params: { id: w.companyB }, multipart: { fields: {}, files: { picture: pngPart() } } }),
      },
    ],
  },

  // ── Reference data and catalog ──
  getHealth: none(nothing),
  getHealthLive: none(nothing),
  getHealthReady: none(nothing),
  listUsTimezones: none(nothing),
  listLessonTypes: none(nothing),
  listLanguages: none(nothing),
  listSkills: none(nothing),
  listCategories: none(nothing),
  exploreCourses: none(nothing),
  exploreSessions: none(nothing),
  getCourseInfo: catalog((_w, course) => ({ params: { id: course } }), 'info'),
  listCourseReviews: catalog((_w, course) => ({ params: { id: course } }), 'reviews'),
  listActiveCourseSessions: catalog((_w, course) => ({ params: { id: course } }), 'active sessions'),
  // A signed-in caller joins with their own address; a guest (anonymous) is mailed a confirmation link (202).
  joinWaitlist: catalog((_w, course, _s, c) => ({ params: { id: course }, body: { email: EMAIL[me(c)] } }), 'waitlist'),
  confirmWaitlist: {
    why: 'public: the random link token is the key (it names no company resource a caller could own)',
    variants: [
      {
        target: 'none',
        label: "a guest's waitlist confirmation link",
        allow: 'roles',
        build: (w) => ({ params: { token: w.waitlistToken } }),
      },
    ],
  },
  getSessionInfo: catalog((_w, _c, session) => ({ params: { id: session } }), 'session info'),
  getSessionInfoSecured: catalog((_w, _c, session) => ({ params: { id: session } }), 'session info'),
  getSessionSyllabus: catalog((_w, _c, session) => ({ params: { id: session } }), 'syllabus'),
  getSessionSyllabusSecured: catalog((_w, _c, session) => ({ params: { id: session } }), 'syllabus'),
  // Enrolled learners of a started session review. The caller learner attends A's session;
  // enrollInSession (earlier in the contract) enrolls it in O's open, started session too, after
  // which it may review O; before, O answers 403 'Only learners enrolled…' (tests/api/reviews.test.ts).
  createCourseReview: {
    variants: [
      ...perCourse(
        (w, k) => ({ params: { id: w[k].courseId }, body: { ratingValue: 5, content: 'Great' } }),
        { A: ['learner'], B: [], O: ['learner'] },
        'a course',
      ).map((v) =>
        v.target === 'otherEducator'
          ? {
              ...v,
              allowedStatuses: {
                statuses: [403],
                why: 'the learner is enrolled in O only once enrollInSession has run',
              },
            }
          : v,
      ),
    ],
  },
  // The caller's own review and eligibility, on any course the caller may see.
  getMyCourseReview: catalog((_w, course) => ({ params: { id: course } }), "the caller's review"),
  updateCourseReview: {
    variants: [
      {
        target: 'own',
        label: "the caller learner's review of A's private course",
        allow: ['learner'],
        build: (w) => ({
          params: { id: w.privA.courseId, reviewId: w.reviews.own },
          body: { ratingValue: 3, content: 'Edited' },
        }),
      },
      {
        target: 'otherLearner',
        label: "another learner of company A's review of course A",
        allow: [],
        build: (w) => ({
          params: { id: w.A.courseId, reviewId: w.reviews.A2 },
          body: { ratingValue: 1, content: 'Edited' },
        }),
      },
      {
        target: 'otherCompany',
        label: "company B's learner's review of B's private course",
        allow: [],
        build: (w) => ({
          params: { id: w.B.courseId, reviewId: w.reviews.B },
          body: { ratingValue: 1, content: 'Edited' },
        }),
      },
      {
        target: 'otherEducator',
        label: "another educator's learner's review of a public course",
        allow: [],
        build: (w) => ({
          params: { id: w.O.courseId, reviewId: w.reviews.O },
          body: { ratingValue: 1, content: 'Edited' },
        }),
      },
    ],
  },
  // Admins remove any review (audited); x-roles refuses everyone else.
  deleteCourseReview: {
    variants: perCourse(
      (w, k) => ({
        params: { id: w[k].courseId, reviewId: k === 'A' ? w.reviews.A2 : k === 'B' ? w.reviews.B : w.reviews.O },
      }),
      { A: STAFF, B: STAFF, O: STAFF },
      'a review',
      { consumable: true },
    ),
  },

  // ── Course editor ──
  saveCourse: {
    variants: [
      { target: 'none', label: 'a new course (no company given)', allow: 'roles', build: (w, c) => courseForm(w, c) },
      {
        target: 'own',
        label: "a new public course attached to the caller's company A",
        allow: [...STAFF, 'educator'],
        build: (w, c) => courseForm(w, c, { companyId: String(w.companyA) }),
      },
      // The leak of issue "One house" item 3: a public course attached to a company the caller is not in.
      {
        target: 'otherCompany',
        label: 'a new public course attached to company B',
        allow: STAFF,
        build: (w, c) => courseForm(w, c, { companyId: String(w.companyB) }),
      },
      {
        target: 'otherCompany',
        label: 'a new private course of company B',
        allow: STAFF,
        build: (w, c) => courseForm(w, c, { companyId: String(w.companyB), isPrivate: 'true' }),
      },
      {
        target: 'own',
        label: "an update of educator A's draft",
        allow: [...STAFF, 'educator'],
        build: (w, c) => ({ query: { id: w.A.draftCourseId }, ...courseForm(w, c, { companyId: String(w.companyA) }) }),
      },
      {
        target: 'otherCompany',
        label: "an update of company B's educator's draft",
        allow: STAFF,
        build: (w, c) => ({
          query: { id: w.B.draftCourseId },
          ...courseForm(w, c, { companyId: String(w.companyB), isPrivate: 'true' }),
        }),
      },
      {
        target: 'otherEducator',
        label: "an update of another educator's draft",
        allow: STAFF,
        build: (w, c) => ({ query: { id: w.O.draftCourseId }, ...courseForm(w, c) }),
      },
    ],
  },
  getCourseEditorData: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].courseId } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the course',
    ),
  },
  listCoursesToTeach: none(nothing),
  // Course moderation: admins decide on every course; an educator publishes only their own APPROVED course.
  listCoursesForReview: none(nothing),
  approveCourse: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].review.approve }, body: {} }),
      { A: STAFF, B: STAFF, O: STAFF },
      'a pending course',
      { consumable: true },
    ),
  },
  rejectCourse: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].review.reject }, body: { message: 'Not now' } }),
      { A: STAFF, B: STAFF, O: STAFF },
      'a pending course',
      { consumable: true },
    ),
  },
  unpublishCourse: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].review.unpublish }, body: { message: 'Outdated' } }),
      { A: STAFF, B: STAFF, O: STAFF },
      'a published course',
      { consumable: true },
    ),
  },
  publishCourse: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].review.publish }, body: {} }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'an approved course',
      { consumable: true },
    ),
  },
  uploadCoursePicture: upload('picture', pngPart),
  uploadCourseVideo: upload('video', mp4Part),
  uploadDocument: upload('document', pdfPart),
  uploadQuestionPicture: upload('picture', pngPart),
  getLessonAuthoring: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].lessons.reading } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'a reading lesson',
    ),
  },
  updateLessonAuthoring: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].lessons.reading }, body: { contentHtml: '<p>Edited</p>' } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'a reading lesson',
    ),
  },

  // ── Sessions and moderation ──
  listSessions: none(nothing),
  requestSession: {
    variants: perCourse(
      (w, k) => ({
        body: {
          courseId: w[k].courseId,
          startDate: '2031-07-07',
          endDate: '2031-08-01',
          timezone: 'America/Denver',
          schedule: MONDAY_EVENINGS,
          maxSeats: 10,
          price: 0,
        },
      }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'a session of the course',
    ),
  },
  approveSession: {
    why: 'admins moderate every session',
    variants: [
      {
        target: 'own',
        label: 'a pending session of educator A',
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.A.pending.approve }, body: {} }),
      },
    ],
  },
  rejectSession: {
    why: 'admins moderate every session',
    variants: [
      {
        target: 'otherCompany',
        label: 'a pending session of company B',
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.B.pending.reject }, body: { message: 'Not now' } }),
      },
    ],
  },
  deleteSession: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].pending.delete }, body: { message: 'Cancelled' } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'a pending session',
      { consumable: true },
    ),
  },
  updateSessionContent: {
    variants: perCourse(
      (w, k) => ({
        params: { id: w[k].pending.content },
        body: [
          { week: 1, sections: [{ name: 'Only', lessons: [{ lessonTypeId: 2, name: 'Intro video', duration: 10 }] }] },
        ],
      }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'a pending session',
    ),
  },
  listSessionLearners: {
    // Partners may list any session's learners: the list is filtered to their company's learners (moderation/session-service.ts).
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator', 'partner'], B: [...STAFF, 'partner'], O: [...STAFF, 'partner'] },
      'the session',
    ),
  },
  listSessionAttendance: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator', 'partner'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  listSessionSubmissions: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  enrollInSession: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].openSession } }),
      { A: 'roles', B: [], O: 'roles' },
      'a free session',
    ),
  },
  listMyEnrollments: none(nothing),

  // ── Classroom ──
  getClassroom: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator', 'learner'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  listChatMessages: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator', 'learner'], B: STAFF, O: STAFF },
      'the session chat',
    ),
  },
  // Admins read the chat, never write in it.
  postChatMessage: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session }, body: { text: 'Matrix hello' } }),
      { A: ['educator', 'learner'], B: [], O: [] },
      'the session chat',
    ),
  },
  // The message is another learner's (learnerA2's in A): only the session's educator deletes it.
  deleteChatMessage: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, messageId: w[k].chatMessage } }),
      { A: ['educator'], B: [], O: [] },
      "another learner's chat message",
      { consumable: true },
    ),
  },
  getSessionCalendar: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator', 'learner'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  getClassroomLesson: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.reading } }),
      { A: [...STAFF, 'educator', 'learner'], B: STAFF, O: STAFF },
      'a reading',
    ),
  },
  markLessonProgress: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.reading }, body: { status: 'DONE' } }),
      { A: ['learner'], B: [], O: [] },
      'a reading',
    ),
  },
  joinMeeting: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.meeting } }),
      { A: [...STAFF, 'educator', 'learner'], B: STAFF, O: STAFF },
      'the live meeting',
    ),
  },
  listQuizAttempts: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.quiz } }),
      { A: ['learner'], B: [], O: [] },
      'a quiz',
    ),
  },
  startQuizAttempt: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.quiz } }),
      { A: ['learner'], B: [], O: [] },
      'a quiz',
    ),
  },
  saveQuizAnswer: {
    variants: perLearner(
      (w, o, c) => {
        const course = courseOf(w, o);
        return {
          params: {
            id: course.attempts[o === 'self' ? me(c) : o]?.quiz ?? course.attempts.learner!.quiz,
            questionId: course.questions.quiz,
          },
          body: { answer: true, currentIndex: 0 },
        };
      },
      ['learner'],
      'quiz attempt',
    ),
  },
  submitQuizAttempt: {
    variants: perLearner(
      (w, o, c) => {
        const course = courseOf(w, o);
        return { params: { id: course.attempts[o === 'self' ? me(c) : o]?.quiz2 ?? course.attempts.learner!.quiz2 } };
      },
      ['learner'],
      'quiz attempt',
    ),
  },

  // ── Assignments ──
  listAssignmentSubmissions: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].lessons.assignment }, query: { sessionId: w[k].session } }),
      { A: [...STAFF, 'educator', 'learner'], B: STAFF, O: STAFF },
      'an assignment',
    ),
  },
  submitAssignment: {
    variants: perCourse(
      (w, k) => ({
        params: { id: w[k].lessons.assignment },
        multipart: { fields: { sessionId: String(w[k].session) }, files: { document: pdfPart() } },
      }),
      { A: ['learner'], B: [], O: [] },
      'an assignment',
    ),
  },
  submitProgrammingAssignment: {
    variants: perCourse(
      (w, k) => ({
        params: { id: w[k].lessons.code },
        body: { sessionId: w[k].session, code: 'function add(a, b) { return a + b; }' },
      }),
      { A: ['learner'], B: [], O: [] },
      'a programming assignment',
    ),
  },
  gradeSubmission: {
    variants: [
      {
        target: 'own',
        label: "a submission in educator A's session",
        allow: [...STAFF, 'educator'],
        build: (w) => ({ params: { id: w.A.submissions.learner! }, body: { grade: 15, comment: 'Good' } }),
      },
      {
        target: 'otherCompany',
        label: "a submission in company B's session",
        allow: STAFF,
        build: (w) => ({ params: { id: w.B.submissions.learnerB! }, body: { grade: 15, comment: 'Good' } }),
      },
      {
        target: 'otherEducator',
        label: "a submission in another educator's session",
        allow: STAFF,
        build: (w) => ({ params: { id: w.O.submissions.learnerO! }, body: { grade: 15, comment: 'Good' } }),
      },
    ],
  },

  // ── Payments ──
  quoteFee: none(() => ({ body: { price: 10 } })),
  getPaymentConfig: none(nothing),
  receiveStripeWebhook: none(
    () => ({
      body: { id: 'evt_matrix', type: 'payment_intent.succeeded', data: { object: { id: 'pi_matrix' } } },
      headers: { 'stripe-signature': 't=1,v1=bad' },
    }),
    {
      allowedStatuses: {
        statuses: [400, 404],
        why: 'without Stripe configured the webhook is 404, and a signature cannot be made here: see stripe-gateway-webhooks.test.ts',
      },
    },
  ),
  getMyWallet: none(nothing),
  listCards: none(nothing),
  addCard: none(() => ({ body: { source: 'tok_visa' } })),
  removeCard: {
    variants: perLearner(
      (w, o, c) => ({ params: { id: o === 'self' ? cardOf(w, c).spare : w.cards[o]!.spare } }),
      'roles',
      'saved card',
    ),
  },
  setDefaultCard: {
    variants: perLearner(
      (w, o, c) => ({ params: { id: o === 'self' ? cardOf(w, c).main : w.cards[o]!.main } }),
      'roles',
      'saved card',
    ),
  },
  createPaymentIntent: {
    variants: perCourse(
      (w, k) => ({ body: { sessionId: w[k].paid[2]!, amount: PAID_TOTAL_CENTS }, headers: idem() }),
      { A: 'roles', B: [], O: 'roles' },
      'a paid session',
    ),
  },
  payWithWallet: {
    variants: perCourse(
      (w, k) => ({ body: { sessionId: w[k].paid[3]!, amount: PAID_TOTAL_CENTS }, headers: idem() }),
      { A: 'roles', B: [], O: 'roles' },
      'a paid session',
    ),
  },
  confirmPaymentIntent: {
    variants: perLearner(
      (w, o, c) => ({
        params: { id: courseOf(w, o).intents[o === 'self' ? me(c) : o]?.confirm ?? w.A.intents.learner!.confirm },
        body: { paymentMethod: cardOf(w, c).main },
        headers: idem(),
      }),
      'roles',
      'payment intent',
    ),
  },
  authenticatePaymentIntent: {
    variants: perLearner(
      (w, o, c) => ({
        params: { id: courseOf(w, o).intents[o === 'self' ? me(c) : o]?.confirm ?? w.A.intents.learner!.confirm },
        body: { result: 'succeed' },
      }),
      'roles',
      'payment intent',
      {
        allowedStatuses: { statuses: [409], why: 'the card (tok_visa) needs no 3-D Secure step' },
      },
    ),
  },
  cancelPaymentIntent: {
    variants: perLearner(
      (w, o, c) => ({
        params: { id: courseOf(w, o).intents[o === 'self' ? me(c) : o]?.cancel ?? w.A.intents.learner!.cancel },
      }),
      'roles',
      'payment intent',
    ),
  },
  getExternalAccount: none(nothing),
  addExternalAccount: none(() => ({ body: { external_account: 'btok_us_verified' } })),
  getMyEarnings: none(nothing),
  createPayout: none(() => ({ headers: idem() }), {
    allowedStatuses: { statuses: [422], why: 'nothing is payable yet (no delivered paid session)' },
  }),

  // ── Dashboard and learning goals ──
  getDashboardStats: none(nothing),
  listLearningGoals: none(nothing),
  createLearningGoal: none((w) => ({ body: { skillId: w.freshGoalSkill } })),
  deleteLearningGoal: {
    variants: perLearner(
      (w, o, c) => ({
        params: { id: (o === 'self' ? w.learningGoals[me(c)] : w.learningGoals[o]) ?? w.learningGoals.learner! },
      }),
      'roles',
      'learning goal',
      { consumable: true },
    ),
  },
};
