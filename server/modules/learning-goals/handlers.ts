import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { createLearningGoal, deleteLearningGoal, listLearningGoals } from './service.js';

/**
 * Handlers of the LearningGoals operations (openapi/halaqa.yaml tag LearningGoals; product.md#calls
 * "Learning goals"). Roles (LEARNER, USER) are applied by the route registration from `x-roles`;
 * every goal is the caller's own, and suggestions follow the caller's tenant scope.
 */
export const learningGoalsHandlers = {
  listLearningGoals: async ({ app, caller, tenant }) => ({
    data: await listLearningGoals(app, requireCaller(caller), tenant),
  }),
  createLearningGoal: async ({ app, caller, tenant, body }) => ({
    status: 201,
    data: await createLearningGoal(app, requireCaller(caller), tenant, body.skillId),
  }),
  deleteLearningGoal: async ({ app, caller, params }) => ({
    data: await deleteLearningGoal(app, requireCaller(caller), params.id),
  }),
} satisfies HandlerTable;
