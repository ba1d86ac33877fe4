import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { gridList } from '@/components/ui/layout-styles';
import { plainList, progressTrack } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/format';
import { CheckCircleIcon, TrashIcon } from '@/components/ui/icons';
import { difficultyLabels } from '@/lib/course-labels';
import { type Locale } from '@/lib/i18n';
import { type LearningGoal } from '@machines/learning-goals.machine';

/** A part of a goal's card (its courses, the suggestions) under a small muted heading. */
function GoalPart({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h4 className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })}>{title}</h4>
      {children}
    </div>
  );
}

/** One goal: skill, progress bar, the learner's courses that count, suggestions, "Remove". */
export function GoalCard({
  goal,
  locale,
  busy,
  onRemove,
}: {
  goal: LearningGoal;
  locale: Locale;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const skill = goal.skill.name;
  const headingId = `goal-${goal.id}`;
  const percent = goal.progress;
  return (
    <Card
      as="article"
      aria-labelledby={headingId}
      className={css({ padding: { base: '4', tablet: '5' }, display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' })}>
        <h3 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold', flex: '1', minWidth: '10rem' })}>
          {skill}
        </h3>
        {goal.achieved ? (
          <Badge tone="green">
            <Trans>Achieved</Trans>
          </Badge>
        ) : goal.courses.length > 0 ? (
          <Badge tone="yellow">
            <Trans>In progress</Trans>
          </Badge>
        ) : (
          <Badge tone="gray">
            <Trans>Not started</Trans>
          </Badge>
        )}
        <Button size="sm" variant="ghost" disabled={busy} onClick={onRemove}>
          <TrashIcon size={16} aria-hidden />
          <Trans>Remove</Trans>
          <span className={css({ srOnly: true })}>: {skill}</span>
        </Button>
      </div>

      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t`Progress toward ${skill}`}
          aria-valuetext={t`${percent}%`}
          className={progressTrack()}
        >
          <div
            className={css({
              height: 'full',
              bg: goal.achieved ? 'success.strong' : 'secondary.strong',
              borderRadius: 'full',
            })}
            style={{ width: `${percent}%` }}
          />
        </div>
        <span
          aria-hidden
          className={css({ fontSize: 'sm', fontWeight: 'semibold', minWidth: '3rem', textAlign: 'end' })}
        >
          {t`${percent}%`}
        </span>
      </div>

      {goal.courses.length > 0 ? (
        <GoalPart title={<Trans>Your courses that teach it</Trans>}>
          <ul className={cx(plainList(), css({ gap: '1.5' }))}>
            {goal.courses.map((c) => {
              const end = formatLongDate(c.endDate, locale);
              const start = formatLongDate(c.startDate, locale);
              const progress = c.progress;
              return (
                <li
                  key={c.sessionId}
                  className={css({
                    display: 'flex',
                    gap: '2',
                    alignItems: 'baseline',
                    flexWrap: 'wrap',
                    fontSize: 'sm',
                  })}
                >
                  {c.completed ? (
                    <CheckCircleIcon
                      size={14}
                      aria-hidden
                      className={css({ color: 'success.strong', alignSelf: 'center' })}
                    />
                  ) : null}
                  <Link
                    to="/sessions/$sessionId"
                    params={{ sessionId: c.sessionId }}
                    className={css({
                      color: 'primary.strong',
                      fontWeight: 'medium',
                      _hover: { textDecoration: 'underline' },
                    })}
                  >
                    {c.title}
                  </Link>
                  <span className={css({ color: 'fg.muted' })}>
                    {c.completed ? (
                      <Trans>completed on {end}</Trans>
                    ) : progress > 0 ? (
                      <Trans>
                        {progress}% of the session, ends on {end}
                      </Trans>
                    ) : (
                      <Trans>starts on {start}</Trans>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </GoalPart>
      ) : null}

      {!goal.achieved ? (
        <GoalPart title={<Trans>Courses that teach {skill}</Trans>}>
          {goal.suggestions.length === 0 ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              <Trans>No other course teaches this skill yet.</Trans>
            </p>
          ) : (
            <ul
              className={cx(
                gridList,
                css({ gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'repeat(3, minmax(0, 1fr))' } }),
              )}
            >
              {goal.suggestions.map((s) => {
                const next = s.nextSessionStartDate ? formatLongDate(s.nextSessionStartDate, locale) : null;
                return (
                  <li key={s.id}>
                    <Link
                      to="/courses/$courseId"
                      params={{ courseId: s.id }}
                      className={css({
                        display: 'flex',
                        flexDirection: 'column',
                        gap: '1',
                        height: 'full',
                        padding: '3',
                        borderRadius: 'lg',
                        borderWidth: '1px',
                        borderColor: 'border.default',
                        bg: 'bg.surface',
                        _hover: { borderColor: 'primary.strong' },
                        _focusVisible: { outline: '2px solid', outlineColor: 'primary.strong' },
                      })}
                    >
                      <span className={css({ fontWeight: 'semibold', color: 'primary.strong' })}>{s.title}</span>
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                        {t(difficultyLabels[s.difficultyLevel])}
                        {' · '}
                        {next ? <Trans>open session from {next}</Trans> : <Trans>no open session yet</Trans>}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </GoalPart>
      ) : null}
    </Card>
  );
}
