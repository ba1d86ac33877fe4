import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { LearningGoal, LearningGoalsData } from './learning-goals.machine';

/**
 * The learning-goals machine's actors over the generated client (product.md#calls "Learning goals"; each
 * rejects with an `ApiError` — `status`, `serverMessage`, `fieldErrors` — or the network error):
 *
 *   useMachine(learningGoalsMachine.provide({ actors: createLearningGoalsActors(api) }))
 */
export function createLearningGoalsActors(api: Api) {
  return {
    /** The caller's goals (GET /v2/learningGoals) and every skill (GET /skills), together. */
    loadGoals: fromPromise<LearningGoalsData, void>(async () => {
      const [goals, skills] = await Promise.all([api.GET('/v2/learningGoals'), api.GET('/skills')]);
      return { goals: unwrap(goals), skills: unwrap(skills) };
    }),
    /** POST /v2/learningGoal {skillId}: the new goal with its progress and suggestions. */
    createGoal: fromPromise<LearningGoal, { skillId: number }>(async ({ input }) =>
      unwrap(await api.POST('/v2/learningGoal', { body: { skillId: input.skillId } })),
    ),
    /** DELETE /v2/learningGoal/{id}. */
    removeGoal: fromPromise<{ id: number }, { goalId: number }>(async ({ input }) =>
      unwrap(await api.DELETE('/v2/learningGoal/{id}', { params: { path: { id: input.goalId } } })),
    ),
  };
}
