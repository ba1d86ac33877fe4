import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type LearningGoal, type LearningGoalsContext, learningGoalsMachine } from '@machines/learning-goals.machine';
import {
  addGoalFailure,
  atGoalLimit,
  canAddGoal,
  goalsLoadFailure,
  goalsNotice,
  goalsOf,
  hasNoGoals,
  isAddingGoal,
  isLoadingGoals,
  isRemovingGoal,
  removalTarget,
  removeGoalFailure,
  skillChoices,
} from '@machines/learning-goals.selectors';
import { describeModelBased } from './model';

const goal = (id: number, skillId: number, name: string): LearningGoal => ({
  id,
  skill: { id: skillId, name },
  progress: 0,
  achieved: false,
  courses: [],
  suggestions: [],
  createdAt: '2031-05-01T10:00:00Z',
});
const react = goal(1, 4, 'React');
const python = goal(2, 7, 'Python');
const skills = [
  { id: 7, name: 'Python' },
  { id: 4, name: 'React' },
];

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadGoals', output: { goals: [react], skills } },
  { type: 'xstate.error.actor.loadGoals', error: { status: 503, serverMessage: 'Down' } },
  { type: 'goals.retry' },
  { type: 'goal.add', skillId: 7 }, // new
  { type: 'goal.add', skillId: 4 }, // already a goal: ignored
  { type: 'goal.add', skillId: 99 }, // not a skill: ignored
  { type: 'xstate.done.actor.createGoal', output: python },
  {
    type: 'xstate.error.actor.createGoal',
    error: { status: 409, serverMessage: 'This skill is already one of your learning goals' },
  },
  { type: 'goal.removeRequested', goalId: 1 },
  { type: 'goal.removeRequested', goalId: 99 }, // not listed: ignored
  { type: 'goal.removeConfirmed' },
  { type: 'goal.removeCancelled' },
  { type: 'xstate.done.actor.removeGoal', output: { id: 1 } },
  { type: 'xstate.error.actor.removeGoal', error: { status: 404, serverMessage: 'Learning goal not found' } },
  { type: 'xstate.error.actor.removeGoal', error: { status: 500, serverMessage: 'Boom' } },
];

/** What the screen reads in every state. */
function checkState(s: AnyMachineSnapshot, before: AnyMachineSnapshot, event: AnyEventObject) {
  const c = s.context as LearningGoalsContext;
  expect(isLoadingGoals(s)).toBe(s.matches('loading'));
  expect(goalsLoadFailure(s)).toEqual(
    s.matches('loadFailed') ? { code: 'goals.load', status: 503, message: 'Down' } : null,
  );
  expect(hasNoGoals(s)).toBe(
    (s.matches('ready') || s.matches('adding') || s.matches('confirmingRemoval') || s.matches('removing')) &&
      c.goals.length === 0,
  );
  expect(isAddingGoal(s)).toBe(s.matches('adding'));
  expect(canAddGoal(s)).toBe(s.matches('ready'));
  expect(atGoalLimit(s)).toBe(false);
  expect(isRemovingGoal(s)).toBe(s.matches('removing'));
  // The picker never offers a skill that is already a goal.
  const offered = skillChoices(s).map((k) => k.id);
  for (const g of goalsOf(s)) expect(offered).not.toContain(g.skill.id);
  // The dialog is open on a listed goal exactly while confirming or removing.
  if (s.matches('confirmingRemoval') || s.matches('removing')) {
    expect(removalTarget(s)).not.toBeNull();
    expect(goalsOf(s).map((g) => g.id)).toContain(removalTarget(s)!.id);
  } else expect(removalTarget(s)).toBeNull();
  if (s.matches('confirmingRemoval') && event.type === 'xstate.error.actor.removeGoal') {
    expect(removeGoalFailure(s)).toEqual({ code: 'goal.remove', status: 500, message: 'Boom' });
  } else if (s.matches('confirmingRemoval')) expect(removeGoalFailure(s)).toBeNull();
  if (s.matches('ready') && event.type === 'xstate.error.actor.createGoal') {
    expect(addGoalFailure(s)).toEqual({
      code: 'goal.add',
      status: 409,
      message: 'This skill is already one of your learning goals',
    });
    expect(goalsOf(s)).toEqual((before.context as LearningGoalsContext).goals);
  }
  if (s.matches('ready') && event.type === 'xstate.done.actor.createGoal') {
    expect(goalsOf(s).at(-1)).toEqual(python);
    expect(goalsNotice(s)).toEqual({ kind: 'added', skill: 'Python' });
    expect(addGoalFailure(s)).toBeNull();
  }
  if (
    s.matches('ready') &&
    (event.type === 'xstate.done.actor.removeGoal' ||
      (event.type === 'xstate.error.actor.removeGoal' && event.error.status === 404))
  ) {
    const removed = (before.context as LearningGoalsContext).target!;
    expect(goalsOf(s).map((g) => g.id)).not.toContain(removed.id);
    expect(goalsNotice(s)).toEqual({ kind: 'removed', skill: removed.skill.name });
  }
  if (!s.matches('ready')) expect(goalsNotice(s)).toBeNull();
}

describeModelBased(learningGoalsMachine, {
  name: 'learning-goals.machine',
  events,
  actors: ['loadGoals', 'createGoal', 'removeGoal'],
  check: ({ snapshot, previous, event, starts }) => {
    checkState(snapshot, previous, event);
    // Each call carries what the learner chose: the new skill, or the goal the dialog is about.
    if (snapshot.matches('adding') && !previous.matches('adding'))
      expect(starts.at(-1)).toEqual(['createGoal', { skillId: (event as unknown as { skillId: number }).skillId }]);
    if (snapshot.matches('removing') && !previous.matches('removing'))
      expect(starts.at(-1)).toEqual(['removeGoal', { goalId: (snapshot.context as LearningGoalsContext).target!.id }]);
    if (snapshot.matches('loading') && !previous.matches('loading')) expect(starts.at(-1)?.[0]).toBe('loadGoals');
  },
});

describe('learning-goals.machine', () => {
  it('adds and removes goals against real actors, one call each', async () => {
    const calls: string[] = [];
    const actor = createActor(
      learningGoalsMachine.provide({
        actors: {
          loadGoals: fromPromise(async () => (calls.push('load'), { goals: [react], skills })),
          createGoal: fromPromise(
            async ({ input }: { input: { skillId: number } }) => (calls.push(`add ${input.skillId}`), python),
          ),
          removeGoal: fromPromise(
            async ({ input }: { input: { goalId: number } }) => (
              calls.push(`remove ${input.goalId}`), { id: input.goalId }
            ),
          ),
        },
      }),
    ).start();
    const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(skillChoices(actor.getSnapshot())).toEqual([{ id: 7, name: 'Python' }]);
    actor.send({ type: 'goal.add', skillId: 7 });
    actor.send({ type: 'goal.add', skillId: 7 }); // a double click adds once
    await settle();
    expect(goalsOf(actor.getSnapshot()).map((g) => g.skill.name)).toEqual(['React', 'Python']);
    expect(skillChoices(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'goal.removeRequested', goalId: 1 });
    expect(removalTarget(actor.getSnapshot())?.skill.name).toBe('React');
    actor.send({ type: 'goal.removeConfirmed' });
    await settle();
    expect(goalsOf(actor.getSnapshot()).map((g) => g.skill.name)).toEqual(['Python']);
    expect(calls).toEqual(['load', 'add 7', 'remove 1']);
    actor.stop();
  });
});
