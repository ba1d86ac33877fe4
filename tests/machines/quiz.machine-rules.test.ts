import { describe, expect, it } from 'vitest';
import {
  POSITION_KEYS,
  type PositionStorage,
  forgetPosition,
  readPosition,
  readPositions,
  writePosition,
} from '@machines/question-position';
import { answerFits, normalizeAnswer, unansweredCount } from '@machines/quiz.machine';
import { pathAttempt, question, quizAttempt } from './quiz.machine-shared';

describe('quiz rules', () => {
  it('normalises answers: blank text and empty lists are no answer, duplicates go', () => {
    expect(normalizeAnswer('  ')).toBeNull();
    expect(normalizeAnswer([])).toBeNull();
    expect(normalizeAnswer(['b', 'b', 'c'])).toEqual(['b', 'c']);
    expect(normalizeAnswer('x'.repeat(600))).toHaveLength(500);
    expect(normalizeAnswer(false)).toBe(false);
  });

  it('checks the answer shape of each kind; a STEP takes none', () => {
    expect(answerFits(question(1, 'SINGLE'), ['a'])).toBe(true);
    expect(answerFits(question(1, 'SINGLE'), ['a', 'b'])).toBe(false);
    expect(answerFits(question(1, 'SINGLE'), ['z'])).toBe(false);
    expect(answerFits(question(1, 'MULTIPLE'), ['a', 'c'])).toBe(true);
    expect(answerFits(question(1, 'TRUE_FALSE'), false)).toBe(true);
    expect(answerFits(question(1, 'TRUE_FALSE'), 'true')).toBe(false);
    expect(answerFits(question(1, 'SHORT_ANSWER'), 'null')).toBe(true);
    expect(answerFits(question(1, 'SHORT_ANSWER'), null)).toBe(true);
    expect(answerFits(question(1, 'STEP'), null)).toBe(false);
  });

  it('counts unanswered questions, STEP excluded', () => {
    expect(unansweredCount({ attempt: quizAttempt, answers: { '31': false, '32': null, '33': [] } })).toBe(2);
    expect(unansweredCount({ attempt: pathAttempt, answers: {} })).toBe(1);
  });
});

describe('question-position (browser storage)', () => {
  function memory(initial: Record<string, string> = {}): PositionStorage & { data: Record<string, string> } {
    const data = { ...initial };
    return {
      data,
      getItem: (k) => data[k] ?? null,
      setItem: (k, v) => void (data[k] = v),
      removeItem: (k) => void delete data[k],
    };
  }

  it('keeps a JSON map attemptId → index under one key per kind', () => {
    const storage = memory();
    writePosition('QUIZ', 9, 2, storage);
    writePosition('QUIZ', 10, 0, storage);
    writePosition('LEARNING_PATH', 12, 1, storage);
    expect(POSITION_KEYS).toEqual({ QUIZ: 'halaqa.quiz.position', LEARNING_PATH: 'halaqa.learningPath.position' });
    expect(JSON.parse(storage.data['halaqa.quiz.position']!)).toEqual({ '9': 2, '10': 0 });
    expect(JSON.parse(storage.data['halaqa.learningPath.position']!)).toEqual({ '12': 1 });
    expect(readPosition('QUIZ', 9, storage)).toBe(2);
    expect(readPosition('QUIZ', 12, storage)).toBeNull();
    forgetPosition('QUIZ', 9, storage);
    forgetPosition('QUIZ', 10, storage);
    expect(storage.data['halaqa.quiz.position']).toBeUndefined();
  });

  it('tolerates corrupt JSON, odd values, no storage and a storage that throws', () => {
    expect(readPositions('QUIZ', memory({ 'halaqa.quiz.position': '{not json' }))).toEqual({});
    expect(readPositions('QUIZ', memory({ 'halaqa.quiz.position': '[1,2]' }))).toEqual({});
    expect(readPositions('QUIZ', memory({ 'halaqa.quiz.position': '{"9":-1,"10":1.5,"11":"2","12":3}' }))).toEqual({
      '12': 3,
    });
    const corrupt = memory({ 'halaqa.quiz.position': 'oops' });
    writePosition('QUIZ', 9, 1, corrupt);
    expect(JSON.parse(corrupt.data['halaqa.quiz.position']!)).toEqual({ '9': 1 });
    writePosition('QUIZ', 9, -3, corrupt);
    expect(readPosition('QUIZ', 9, corrupt)).toBe(1);
    expect(readPosition('QUIZ', 9, null)).toBeNull();
    expect(() => writePosition('QUIZ', 9, 1, null)).not.toThrow();
    const broken: PositionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readPosition('QUIZ', 9, broken)).toBeNull();
    expect(() => writePosition('QUIZ', 9, 1, broken)).not.toThrow();
    expect(() => forgetPosition('QUIZ', 9, broken)).not.toThrow();
    // Node has no localStorage: the default storage is absent and nothing throws.
    expect(readPosition('QUIZ', 9)).toBeNull();
  });
});
