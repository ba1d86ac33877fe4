import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { LessonAuthoring } from './lesson-authoring.form';
import type { SaveAuthoringInput } from './lesson-authoring.machine';

/**
 * The lesson-authoring machine's actors over the generated client:
 *
 *   useActorRef(lessonAuthoringMachine.provide({ actors: createLessonAuthoringActors(api) }), { input: { lessonId } })
 *
 * - loadAuthoring: `GET /lessons/{id}/authoring` → the lesson's content, settings and question bank;
 * - saveAuthoring: `PUT /lessons/{id}/authoring` with the body → the authoring as saved (HTML
 *   sanitised, question ids assigned).
 * Each rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`: e.g. the 400 with
 * `questions[2].answer`; 403 not the course's educator; 404 unknown lesson) or the network error.
 */
export function createLessonAuthoringActors(api: Api) {
  return {
    loadAuthoring: fromPromise<LessonAuthoring, { lessonId: number }>(async ({ input }) =>
      unwrap(await api.GET('/lessons/{id}/authoring', { params: { path: { id: input.lessonId } } })),
    ),
    saveAuthoring: fromPromise<LessonAuthoring, SaveAuthoringInput>(async ({ input }) =>
      unwrap(await api.PUT('/lessons/{id}/authoring', { params: { path: { id: input.lessonId } }, body: input.body })),
    ),
  };
}
