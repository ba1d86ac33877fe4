import { assign, setup } from 'xstate';
import type { Schema } from './support/contract';
import { notProvided } from './support/actors';
import { type Failure, failureOf } from './support/errors';

/**
 * The learner's "Learning goals" page (product.md#calls "Learning goals";
 * docs/decisions.md "Learning goals"): load the goals and the skills, add a goal from the skill
 * picker, remove one after a confirmation. A statechart (docs/decisions.md "Plain hook or
 * statechart") because it has modes the screen shows and guards: a confirmation dialog open on a
 * target goal, and an add or a removal under way while the list stays on screen.
 *
 *   loading ─done─▶ ready ─goal.add─▶ adding ─done─▶ ready (goal appended, notice "added")
 *      │  └error─▶ loadFailed ─goals.retry─▶ loading      └error─▶ ready (addError)
 *   ready ─goal.removeRequested─▶ confirmingRemoval ─goal.removeConfirmed─▶ removing ─done─▶ ready
 *            (goal.removeCancelled ◀─┘                   (notice "removed")   └error─▶ confirmingRemoval (removeError)
 *
 * A 404 on removal means the goal is already gone (another tab): it leaves the list like a success.
 * Pure: the calls are the `loadGoals`, `createGoal` and `removeGoal` actors (`learning-goals.actors.ts`).
 */

/** A goal as `GET /v2/learningGoals` answers it (progress in percent). */
export type LearningGoal = Schema<'LearningGoal'>;
/** A skill of `GET /skills`. */
export type Skill = Schema<'Skill'>;

/** The error codes of the page; the screen says them in the reader's language. */
export type LearningGoalsFailure = Failure<'goals.load' | 'goal.add' | 'goal.remove'>;

/** What the screen announces after a change (polite live region): the skill's name. */
export interface LearningGoalsNotice {
  kind: 'added' | 'removed';
  skill: string;
}

export interface LearningGoalsContext {
  /** The caller's goals, oldest first (the server's order; new ones at the end). */
  goals: LearningGoal[];
  /** Every skill, by name (the picker offers those that are not goals yet). */
  skills: Skill[];
  /** The goal the confirmation dialog (or the removal under way) is about. */
  target: LearningGoal | null;
  loadError: LearningGoalsFailure | null;
  addError: LearningGoalsFailure | null;
  removeError: LearningGoalsFailure | null;
  notice: LearningGoalsNotice | null;
}

export type LearningGoalsEvent =
  | { type: 'goals.retry' }
  | { type: 'goal.add'; skillId: number }
  | { type: 'goal.removeRequested'; goalId: number }
  | { type: 'goal.removeConfirmed' }
  | { type: 'goal.removeCancelled' };

/** What `loadGoals` resolves with. */
export interface LearningGoalsData {
  goals: LearningGoal[];
  skills: Skill[];
}

export const learningGoalsMachine = setup({
  types: {
    context: {} as LearningGoalsContext,
    events: {} as LearningGoalsEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /v2/learningGoals and GET /skills. Rejects with an `ApiError` or a network error. */
    loadGoals: notProvided<LearningGoalsData, void>('learningGoals', 'loadGoals', 'createLearningGoalsActors'),
    /** POST /v2/learningGoal {skillId}: the new goal (400 unknown skill, 409 already a goal, 422 too many). */
    createGoal: notProvided<LearningGoal, { skillId: number }>(
      'learningGoals',
      'createGoal',
      'createLearningGoalsActors',
    ),
    /** DELETE /v2/learningGoal/{id} (404: not the caller's, or already removed). */
    removeGoal: notProvided<{ id: number }, { goalId: number }>(
      'learningGoals',
      'removeGoal',
      'createLearningGoalsActors',
    ),
  },
  actions: {
    assignData: assign((_, params: LearningGoalsData) => ({
      goals: params.goals,
      skills: params.skills,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: failureOf('goals.load', params.error) })),
    startAdd: assign({ addError: null, notice: null }),
    appendGoal: assign(({ context }, params: LearningGoal) => ({
      goals: [...context.goals.filter((g) => g.id !== params.id), params],
      notice: { kind: 'added' as const, skill: params.skill.name },
    })),
    assignAddError: assign((_, params: { error: unknown }) => ({ addError: failureOf('goal.add', params.error) })),
    assignTarget: assign(({ context }, params: { goalId: number }) => ({
      target: context.goals.find((g) => g.id === params.goalId) ?? null,
      removeError: null,
      addError: null,
      notice: null,
    })),
    dropTarget: assign({ target: null, removeError: null }),
    startRemove: assign({ removeError: null }),
    removeTarget: assign(({ context }) => ({
      goals: context.goals.filter((g) => g.id !== context.target?.id),
      notice: context.target ? { kind: 'removed' as const, skill: context.target.skill.name } : null,
      target: null,
    })),
    assignRemoveError: assign((_, params: { error: unknown }) => ({
      removeError: failureOf('goal.remove', params.error),
    })),
  },
  guards: {
    /** The event names one of the listed goals. */
    isListedGoal: ({ context }, params: { goalId: number }) => context.goals.some((g) => g.id === params.goalId),
    /** The skill exists and is not a goal yet (the picker offers only those). */
    isNewSkill: ({ context }, params: { skillId: number }) =>
      context.skills.some((s) => s.id === params.skillId) && !context.goals.some((g) => g.skill.id === params.skillId),
    /** The goal was already gone on the server (404): it leaves the list as if removed. */
    alreadyGone: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 404,
  },
}).createMachine({
  id: 'learningGoals',
  initial: 'loading',
  context: { goals: [], skills: [], target: null, loadError: null, addError: null, removeError: null, notice: null },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadGoals',
        src: 'loadGoals',
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'goals.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'goal.add': {
          guard: { type: 'isNewSkill', params: ({ event }) => ({ skillId: event.skillId }) },
          target: 'adding',
          actions: 'startAdd',
        },
        'goal.removeRequested': {
          guard: { type: 'isListedGoal', params: ({ event }) => ({ goalId: event.goalId }) },
          target: 'confirmingRemoval',
          actions: { type: 'assignTarget', params: ({ event }) => ({ goalId: event.goalId }) },
        },
      },
    },
    // The list stays on screen; a second add waits for this one.
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'createGoal',
        src: 'createGoal',
        input: ({ event }) => ({ skillId: (event as Extract<LearningGoalsEvent, { type: 'goal.add' }>).skillId }),
        onDone: { target: 'ready', actions: { type: 'appendGoal', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'assignAddError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingRemoval: {
      on: {
        'goal.removeConfirmed': { target: 'removing', actions: 'startRemove' },
        'goal.removeCancelled': { target: 'ready', actions: 'dropTarget' },
      },
    },
    // The dialog stays open (its buttons disabled) until the server answers.
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeGoal',
        src: 'removeGoal',
        input: ({ context }) => ({ goalId: context.target!.id }),
        onDone: { target: 'ready', actions: 'removeTarget' },
        onError: [
          {
            guard: { type: 'alreadyGone', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: 'removeTarget',
          },
          {
            target: 'confirmingRemoval',
            actions: { type: 'assignRemoveError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
