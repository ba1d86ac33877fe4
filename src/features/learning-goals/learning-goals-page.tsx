import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { type FormEvent, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { TitledSection } from '@/components/ui/titled-section';
import { FormAlert, SectionError, useErrorReason } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AppDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { BookIcon, PlusIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import { isLocale, type Locale } from '@/lib/i18n';
import { createLearningGoalsActors } from '@machines/learning-goals.actors';
import { learningGoalsMachine } from '@machines/learning-goals.machine';
import {
  MAX_LEARNING_GOALS,
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
import { GoalCard } from './goal-card';

/**
 * The learner's learning goals (product.md#calls "Learning goals"; rules in
 * docs/decisions.md "Learning goals"), driven by `learningGoalsMachine`: "Add a goal" (a skill
 * picker of the skills not yet chosen), the goals with their progress bars (percent of the
 * learner's best session of a course teaching the skill; 100 once a course is completed), the
 * courses counted and up to three suggested courses (links to their pages), and "Remove" behind a
 * confirmation dialog. Loading shows skeletons; no goal shows the empty state; changes are
 * announced politely.
 */
export function LearningGoalsScreen({ api }: { api: Api }) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const machine = useMemo(() => learningGoalsMachine.provide({ actors: createLearningGoalsActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine);
  const reason = useErrorReason();
  const [skillId, setSkillId] = useState('');
  const choices = skillChoices(snapshot);
  const chosen = choices.some((s) => String(s.id) === skillId) ? skillId : '';
  const notice = goalsNotice(snapshot);
  const target = removalTarget(snapshot);
  const loadFailure = goalsLoadFailure(snapshot);
  const addFailure = addGoalFailure(snapshot);
  const removeFailure = removeGoalFailure(snapshot);
  const targetSkill = target?.skill.name ?? '';

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    send({ type: 'goal.add', skillId: Number(chosen) });
    setSkillId('');
  };

  if (isLoadingGoals(snapshot)) {
    return (
      <div aria-busy="true" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <p className={css({ srOnly: true })} role="status">
          <Trans>Loading your learning goals…</Trans>
        </p>
        <Skeleton height="5.5rem" />
        <Skeleton height="9rem" />
        <Skeleton height="9rem" />
      </div>
    );
  }
  if (loadFailure) {
    return (
      <SectionError
        title={<Trans>Could not get your learning goals</Trans>}
        error={loadFailure}
        onRetry={() => send({ type: 'goals.retry' })}
      />
    );
  }

  return (
    <>
      <p role="status" className={css({ srOnly: true })}>
        {notice ? (notice.kind === 'added' ? t`Goal added: ${notice.skill}` : t`Goal removed: ${notice.skill}`) : ''}
      </p>

      <TitledSection titleId="add-goal" title={<Trans>Add a goal</Trans>} className={css({ maxWidth: '40rem' })}>
        <Card className={css({ padding: { base: '4', tablet: '5' } })}>
          {atGoalLimit(snapshot) ? (
            <FormAlert tone="info">
              <Trans>You have {MAX_LEARNING_GOALS} goals, the most allowed. Remove one to add another.</Trans>
            </FormAlert>
          ) : (
            <form
              onSubmit={onAdd}
              className={css({
                display: 'flex',
                flexDirection: { base: 'column', tablet: 'row' },
                gap: '3',
                alignItems: { base: 'stretch', tablet: 'flex-end' },
              })}
            >
              <SelectField
                label={t`Skill to acquire`}
                helperText={t`Choose a skill; we show how far your courses have taken you and suggest courses that teach it.`}
                value={chosen}
                onChange={(e) => setSkillId(e.target.value)}
                disabled={choices.length === 0}
                className={css({ flex: '1' })}
              >
                <option value="">{t`Choose a skill`}</option>
                {choices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" loading={isAddingGoal(snapshot)} disabled={!canAddGoal(snapshot) || !chosen}>
                <PlusIcon size={16} aria-hidden />
                <Trans>Add goal</Trans>
              </Button>
            </form>
          )}
          {addFailure ? (
            <FormAlert title={<Trans>The goal could not be added</Trans>} className={css({ marginBlockStart: '3' })}>
              {reason(addFailure)}
            </FormAlert>
          ) : null}
        </Card>
      </TitledSection>

      <TitledSection titleId="my-goals" title={<Trans>My goals</Trans>}>
        {hasNoGoals(snapshot) ? (
          <EmptyState
            icon={<BookIcon size={28} />}
            title={<Trans>No learning goals yet</Trans>}
            description={
              <Trans>
                Add a skill you want to acquire: your progress and the courses that teach it will show here.
              </Trans>
            }
          />
        ) : (
          <ul className={plainList({ gap: '4' })}>
            {goalsOf(snapshot).map((goal) => (
              <li key={goal.id}>
                <GoalCard
                  goal={goal}
                  locale={locale}
                  busy={!canAddGoal(snapshot)}
                  onRemove={() => send({ type: 'goal.removeRequested', goalId: goal.id })}
                />
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <AppDialog
        layout="compact"
        size="sm"
        closeButton={false}
        closeOnOutsideClick={false}
        open={target !== null}
        onClose={() => send({ type: 'goal.removeCancelled' })}
        busy={isRemovingGoal(snapshot)}
        role="alertdialog"
        title={<Trans>Remove this goal?</Trans>}
        description={
          <Trans>{targetSkill} will no longer be one of your learning goals. Your courses stay as they are.</Trans>
        }
        footer={
          <>
            <Button
              variant="ghost"
              onClick={() => send({ type: 'goal.removeCancelled' })}
              disabled={isRemovingGoal(snapshot)}
            >
              <Trans>Keep goal</Trans>
            </Button>
            <Button
              variant="danger"
              loading={isRemovingGoal(snapshot)}
              onClick={() => send({ type: 'goal.removeConfirmed' })}
            >
              <Trans>Remove goal</Trans>
            </Button>
          </>
        }
      >
        {removeFailure ? (
          <FormAlert title={<Trans>The goal could not be removed</Trans>}>{reason(removeFailure)}</FormAlert>
        ) : null}
      </AppDialog>
    </>
  );
}
