import type { Handlers } from '../platform/context.js';
import { assignmentsHandlers } from './assignments/handlers.js';
import { authHandlers } from './auth/handlers.js';
import { authoringHandlers } from './authoring/handlers.js';
import { classroomHandlers } from './classroom/handlers.js';
import { companiesHandlers } from './companies/handlers.js';
import { coursesHandlers } from './courses/handlers.js';
import { dashboardHandlers } from './dashboard/handlers.js';
import { enrollmentsHandlers } from './enrollments/handlers.js';
import { lessonAuthoringHandlers } from './lesson-authoring/handlers.js';
import { moderationHandlers } from './moderation/handlers.js';
import { paymentsHandlers } from './payments/handlers.js';
import { quizzesHandlers } from './quizzes/handlers.js';
import { referenceHandlers } from './reference/handlers.js';
import { sessionsHandlers } from './sessions/handlers.js';
import { uploadsHandlers } from './uploads/handlers.js';
import { usersAdminHandlers, usersHandlers } from './users/handlers.js';

/** Every implemented operation, by operationId; operations not listed answer 501. */
export const allHandlers: Handlers = {
  ...authHandlers,
  ...usersHandlers,
  ...companiesHandlers,
  ...referenceHandlers,
  ...coursesHandlers,
  ...sessionsHandlers,
  ...enrollmentsHandlers,
  ...paymentsHandlers,
  ...dashboardHandlers,
  ...uploadsHandlers,
  ...authoringHandlers,
  ...classroomHandlers,
  ...assignmentsHandlers,
  ...quizzesHandlers,
  ...lessonAuthoringHandlers,
  ...moderationHandlers,
  ...usersAdminHandlers,
};
