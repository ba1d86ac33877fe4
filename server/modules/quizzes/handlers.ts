import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { listSessionQuizAttempts } from './results.js';
import { listQuizAttempts, saveQuizAnswer, startQuizAttempt, submitQuizAttempt } from './service.js';

/**
 * Handlers of the quiz and learning-path operations (openapi/halaqa.yaml tag Quizzes;
 * docs/classroom.md). Ids and JSON bodies are validated by the contract's schemas before they get
 * here; answer shapes per question kind by the service.
 */
export const quizzesHandlers = {
  startQuizAttempt: async ({ app, caller, params }) => {
    const { created, attempt } = await startQuizAttempt(app, requireCaller(caller), params.id, params.lessonId);
    return { status: created ? 201 : 200, data: attempt };
  },
  listQuizAttempts: async ({ app, caller, params }) => ({
    data: await listQuizAttempts(app, requireCaller(caller), params.id, params.lessonId),
  }),
  listSessionQuizAttempts: async ({ app, caller, params, query }) => ({
    data: await listSessionQuizAttempts(app, requireCaller(caller), params.id, query.page ?? 1, query.pageSize ?? 12),
  }),
  saveQuizAnswer: async ({ app, caller, params, body }) => ({
    data: await saveQuizAnswer(app, requireCaller(caller), params.id, params.questionId, {
      answer: body.answer,
      currentIndex: body.currentIndex,
    }),
  }),
  submitQuizAttempt: async ({ app, caller, params }) => ({
    data: await submitQuizAttempt(app, requireCaller(caller), params.id),
  }),
} satisfies HandlerTable;
