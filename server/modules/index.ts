import type { HandlerTable } from '../platform/handlers.js';
import { assignmentsHandlers } from './assignments/handlers.js';
import { authHandlers } from './auth/handlers.js';
import { certificatesHandlers } from './certificates/handlers.js';
import { classroomHandlers } from './classroom/handlers.js';
import { companiesHandlers } from './companies/handlers.js';
import { coursesHandlers } from './courses/handlers.js';
import { gradebookHandlers } from './gradebook/handlers.js';
import { dashboardHandlers } from './dashboard/handlers.js';
import { learningGoalsHandlers } from './learning-goals/handlers.js';
import { messagingHandlers } from './messaging/handlers.js';
import { paymentsHandlers } from './payments/handlers.js';
import { quizzesHandlers } from './quizzes/handlers.js';
import { referenceHandlers } from './reference/handlers.js';
import { sessionsHandlers } from './sessions/handlers.js';
import { systemHandlers } from './system/handlers.js';
import { uploadsHandlers } from './uploads/handlers.js';
import { usersHandlers } from './users/handlers.js';

/**
 * Every built operation, by operationId: one module per tag of openapi/halaqa.yaml (the folder is
 * the tag's name in kebab case). Operations not listed answer 501 (tests/api/contract.test.ts
 * holds the exact list).
 */
export const allHandlers: HandlerTable = {
  ...authHandlers,
  ...usersHandlers,
  ...messagingHandlers,
  ...sessionsHandlers,
  ...coursesHandlers,
  ...referenceHandlers,
  ...dashboardHandlers,
  ...classroomHandlers,
  ...quizzesHandlers,
  ...assignmentsHandlers,
  ...gradebookHandlers,
  ...paymentsHandlers,
  ...companiesHandlers,
  ...uploadsHandlers,
  ...learningGoalsHandlers,
  ...certificatesHandlers,
  ...systemHandlers,
};
