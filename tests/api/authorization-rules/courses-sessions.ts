import { mp4Part, pdfPart, pngPart } from '../authorization-world.js';
import { MONDAY_EVENINGS } from '../../fixtures.js';
import { STAFF, none, nothing, perCourse, courseForm, upload, type OwnerRule } from './shared.js';

/** Course editor, course moderation, session and moderation operations. See authorization-rules.ts for what a rule says. */
export const COURSE_SESSION_RULES: Record<string, OwnerRule> = {
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
  // Taking attendance: the session's educator and admins only (the Wednesday meeting under way at MATRIX_NOW).
  getMeetingAttendance: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.meeting, date: '2031-05-07' } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      "the meeting's attendance",
    ),
  },
  setAttendanceMark: {
    variants: perCourse(
      (w, k) => ({
        params: {
          id: w[k].session,
          lessonId: w[k].lessons.meeting,
          date: '2031-05-07',
          learnerId: w.ids[w[k].learners[0]!],
        },
        body: { status: 'EXCUSED', note: 'Matrix', version: 0 },
      }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      "a learner's attendance mark",
      { allowedStatuses: { statuses: [409], why: "after the first owner's mark, version 0 is stale (409)" } },
    ),
  },
  listAttendanceHistory: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session, lessonId: w[k].lessons.meeting, date: '2031-05-07' } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      "the meeting's attendance history",
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
};
