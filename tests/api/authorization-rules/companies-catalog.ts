import { EMAIL, pngPart } from '../authorization-world.js';
import {
  STAFF,
  MEMBERS_A,
  me,
  none,
  nothing,
  perCourse,
  catalog,
  THEME,
  type OwnerRule,
  type TargetKind,
  type Variant,
} from './shared.js';

/** A read of the company by id: company A's staff and partner may, company B only to the staff. */
const companyStaffAndPartner = (): OwnerRule => ({
  variants: [
    { target: 'own', label: 'company A', allow: [...STAFF, 'partner'], build: (w) => ({ params: { id: w.companyA } }) },
    { target: 'otherCompany', label: 'company B', allow: STAFF, build: (w) => ({ params: { id: w.companyB } }) },
  ],
});

/** Editing someone else's review (`review` of the world's reviews, on `course`'s course): refused to every caller. */
const othersReview = (
  target: TargetKind,
  label: string,
  course: 'A' | 'B' | 'O',
  review: 'A2' | 'B' | 'O',
): Variant => ({
  target,
  label,
  allow: [],
  build: (w) => ({
    params: { id: w[course].courseId, reviewId: w.reviews[review] },
    body: { ratingValue: 1, content: 'Edited' },
  }),
});

/** Company, reference-data, catalog and review operations. See authorization-rules.ts for what a rule says. */
export const COMPANY_CATALOG_RULES: Record<string, OwnerRule> = {
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
  getCompanyAttendanceAnalytics: companyStaffAndPartner(),
  listCompanyMembers: companyStaffAndPartner(),
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
      othersReview('otherLearner', "another learner of company A's review of course A", 'A', 'A2'),
      othersReview('otherCompany', "company B's learner's review of B's private course", 'B', 'B'),
      othersReview('otherEducator', "another educator's learner's review of a public course", 'O', 'O'),
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
};
