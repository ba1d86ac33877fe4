import type { SnapshotFrom } from 'xstate';
import type {
  LearningGoal,
  LearningGoalsFailure,
  LearningGoalsNotice,
  Skill,
  learningGoalsMachine,
} from './learning-goals.machine';

/** A snapshot of the learning-goals machine. */
export type LearningGoalsSnapshot = SnapshotFrom<typeof learningGoalsMachine>;

/** Most goals a learner may have (the server refuses a 21st with 422; docs/decisions.md "Learning goals"). */
export const MAX_LEARNING_GOALS = 20;

/** True while the goals first load (the page shows its loading skeleton). */
export const isLoadingGoals = (s: LearningGoalsSnapshot): boolean => s.matches('loading');

/** The load failure (in `loadFailed`: the page offers "Try again"), else null. */
export const goalsLoadFailure = (s: LearningGoalsSnapshot): LearningGoalsFailure | null =>
  s.matches('loadFailed') ? s.context.loadError : null;

/** The goals to list (empty while loading or after a load failure). */
export const goalsOf = (s: LearningGoalsSnapshot): LearningGoal[] => s.context.goals;

/** True once the goals are loaded and there are none (the empty state). */
export const hasNoGoals = (s: LearningGoalsSnapshot): boolean =>
  !s.matches('loading') && !s.matches('loadFailed') && s.context.goals.length === 0;

/** The skills the picker offers: every skill not already a goal, by name. */
export const skillChoices = (s: LearningGoalsSnapshot): Skill[] => {
  const taken = new Set(s.context.goals.map((g) => g.skill.id));
  return s.context.skills.filter((k) => !taken.has(k.id));
};

/** True while a goal is being added (the add button shows it and ignores clicks). */
export const isAddingGoal = (s: LearningGoalsSnapshot): boolean => s.matches('adding');

/** True when the add form may be used: loaded, nothing under way, under the limit. */
export const canAddGoal = (s: LearningGoalsSnapshot): boolean =>
  s.matches('ready') && s.context.goals.length < MAX_LEARNING_GOALS;

/** True when the learner already has the most goals allowed. */
export const atGoalLimit = (s: LearningGoalsSnapshot): boolean => s.context.goals.length >= MAX_LEARNING_GOALS;

/** The last add's failure (shown under the picker until the next add or removal request), else null. */
export const addGoalFailure = (s: LearningGoalsSnapshot): LearningGoalsFailure | null =>
  s.matches('ready') ? s.context.addError : null;

/** The goal the confirmation dialog is open on (while confirming or removing), else null. */
export const removalTarget = (s: LearningGoalsSnapshot): LearningGoal | null =>
  s.matches('confirmingRemoval') || s.matches('removing') ? s.context.target : null;

/** True while the removal runs (the dialog's buttons are disabled). */
export const isRemovingGoal = (s: LearningGoalsSnapshot): boolean => s.matches('removing');

/** The removal's failure, shown in the dialog (in `confirmingRemoval`), else null. */
export const removeGoalFailure = (s: LearningGoalsSnapshot): LearningGoalsFailure | null =>
  s.matches('confirmingRemoval') ? s.context.removeError : null;

/** What to announce after the last change (in `ready`), else null. */
export const goalsNotice = (s: LearningGoalsSnapshot): LearningGoalsNotice | null =>
  s.matches('ready') ? s.context.notice : null;
