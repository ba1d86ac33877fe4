import { useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { type QuizFailure, isAnswered } from '@machines/quiz.machine';
import type { QuizAnswer, QuizKind, QuizQuestion } from '@machines/quiz.types';
import { type ClassroomLessonDetail } from '../content-lessons';
import { useUiLocale } from '../meeting';

export const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });

export const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  padding: { base: '4', tablet: '6' },
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  minWidth: 0,
});

export const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });

export const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold' });

/** An icon pointing to the inline start (previous), mirrored in RTL. */
export const towardsStart = css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } });

export const towardsEnd = css({ _rtl: { transform: 'scaleX(-1)' } });

/** Attempt kind of a lesson type: `learningObjective` lessons are learning paths. */
export function kindOf(lesson: ClassroomLessonDetail): QuizKind {
  return lesson.lesson.type.code === 'learningObjective' ? 'LEARNING_PATH' : 'QUIZ';
}

/** The message of a failed call: the server's (e.g. 409 "The deadline for this lesson has passed") or a generic one. */
export function useFailureText() {
  const { t } = useLingui();
  return (failure: QuizFailure | null) =>
    failure?.message ??
    (failure?.status === 0 || failure?.status === undefined
      ? t`Check your connection and try again.`
      : t`System error please try later !`);
}

/**
 * Several answers as one phrase in `locale` (Intl.ListFormat), each text once (compared trimmed and
 * case-insensitively): the options of a multiple-choice answer all hold ("A, B and C"); the
 * accepted texts of a short answer are alternatives ("load factor or the load factor"). Falls
 * back to ", " where Intl.ListFormat is missing.
 */
export function answerList(texts: readonly string[], locale: string, alternatives: boolean): string {
  const seen = new Set<string>();
  const distinct = texts.filter((text) => {
    const key = text.trim().toLocaleLowerCase(locale);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  try {
    return new Intl.ListFormat(locale, { type: alternatives ? 'disjunction' : 'conjunction' }).format(distinct);
  } catch {
    return distinct.join(', ');
  }
}

/** How an answer reads: option texts, True/False, the text (accepted texts: one or the other), or "No answer". */
export function useAnswerText() {
  const { t } = useLingui();
  const locale = useUiLocale();
  return (question: QuizQuestion, answer: QuizAnswer | undefined): string => {
    if (!isAnswered(answer)) return t`No answer`;
    if (typeof answer === 'boolean') return answer ? t`True` : t`False`;
    if (Array.isArray(answer)) {
      const texts = answer.map((id) => question.options.find((o) => o.id === id)?.text ?? id);
      return answerList(texts, locale, question.kind === 'SHORT_ANSWER');
    }
    return String(answer);
  };
}

/** A number as the UI locale writes it (scores may have 2 decimals). */
export function useNumber() {
  const locale = useUiLocale();
  return (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
