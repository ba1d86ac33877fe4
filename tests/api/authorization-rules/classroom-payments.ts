import { PAID_TOTAL_CENTS, pdfPart } from '../authorization-world.js';
import {
  STAFF,
  idem,
  me,
  cardOf,
  none,
  nothing,
  nextSeq,
  perCourse,
  perLearner,
  courseOf,
  type OwnerRule,
} from './shared.js';

/** Classroom, assignment, payment, dashboard and learning-goal operations. See authorization-rules.ts for what a rule says. */
export const CLASSROOM_PAYMENT_RULES: Record<string, OwnerRule> = {
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

  listSessionQuizAttempts: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },

  // ── Gradebook ──
  getGradebook: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  exportGradebook: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  // An empty list (back to equal weights) is valid for any session.
  setGradebookWeights: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session }, body: { weights: [] } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  getMyGrades: {
    variants: perCourse((w, k) => ({ params: { id: w[k].session } }), { A: ['learner'], B: [], O: [] }, 'the session'),
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
  runProgrammingAssignment: {
    variants: perCourse(
      (w, k) => ({
        params: { id: w[k].lessons.code },
        body: { sessionId: w[k].session, code: 'function add(a, b) { return a + b; }' },
      }),
      { A: ['learner'], B: [], O: [] },
      'a programming assignment',
    ),
  },
  getCodeDraft: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].lessons.code }, query: { sessionId: w[k].session } }),
      { A: ['learner'], B: [], O: [] },
      'a programming assignment',
    ),
  },
  saveCodeDraft: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].lessons.code }, body: { sessionId: w[k].session, code: 'function add() {}' } }),
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
  listDiscountCodes: none(nothing),
  createDiscountCode: {
    variants: perCourse(
      (w, k) => ({
        body: {
          code: `MX${k}${nextSeq()}`,
          kind: 'percent',
          percentOff: 10,
          courseId: w[k].courseId,
          validFrom: '2031-01-01T00:00:00Z',
          validTo: '2032-01-01T00:00:00Z',
          maxUses: 5,
        },
      }),
      { A: 'roles', B: [...STAFF], O: [...STAFF, 'partner'] },
      'a course',
    ),
  },
  quoteDiscountCode: {
    variants: perCourse(
      (w, k) => ({ body: { sessionId: w[k].paid[3]!, code: 'MATRIX-NO-SUCH-CODE' } }),
      { A: 'roles', B: [], O: 'roles' },
      'a paid session',
      {
        allowedStatuses: {
          statuses: [422],
          why: 'no discount code in the world: an allowed caller reaches the code check',
        },
      },
    ),
  },
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
  topUpWallet: none((w, c) => ({ body: { amount: 500, paymentMethod: cardOf(w, c).main }, headers: idem() }), {
    allowedStatuses: { statuses: [422], why: 'a caller without a saved card of their own names one they do not have' },
  }),
  authenticateTopUp: {
    why: 'no top-up of the world waits for a 3-D Secure step: the call is refused alike for every owner',
    variants: [
      {
        target: 'none',
        label: 'no resource',
        allow: 'roles',
        build: () => ({ params: { id: 'tu_matrix' }, body: { result: 'succeed' } }),
        allowedStatuses: { statuses: [404], why: 'the top-up does not exist' },
      },
    ],
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
  addExternalAccount: none(() => ({
    body: {
      accountHolderName: 'Matrix Educator',
      country: 'US',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    },
  })),
  getMyEarnings: none(nothing),
  // Cancelling names the caller's own enrollment by its session, so another's cannot be named; the
  // matrix's learners stay enrolled for the other calls (tests/api/refunds.test.ts cancels for real).
  getRefundQuote: {
    why: "the target is the caller's own enrollment, named by its session: nobody else's can be named",
    variants: [
      {
        target: 'none',
        label: 'a session the caller is not in',
        allow: 'roles',
        build: (w) => ({ params: { id: w.O.openSession } }),
        allowedStatuses: { statuses: [404], why: 'nobody is enrolled in the open session' },
      },
    ],
  },
  cancelEnrollment: {
    why: "the target is the caller's own enrollment, named by its session: nobody else's can be named",
    variants: [
      {
        target: 'none',
        label: 'a session the caller is not in',
        allow: 'roles',
        build: (w) => ({ params: { id: w.O.openSession }, body: { destination: 'wallet' } }),
        allowedStatuses: { statuses: [404], why: 'nobody is enrolled in the open session' },
      },
    ],
  },
  refundEnrollment: {
    why: 'admins refund any enrollment; the learners of the matrix stay enrolled for the other calls',
    variants: [
      {
        target: 'none',
        label: 'someone never enrolled in the session (a partner)',
        allow: 'roles',
        build: (w) => ({
          params: { id: w.O.openSession, learnerId: w.ids.partner },
          body: { message: 'Matrix refund' },
        }),
        allowedStatuses: { statuses: [404], why: 'nobody is enrolled in the open session' },
      },
    ],
  },
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
