import type { QuizKind } from './quiz.types';

/**
 * The learner's current-question position of quiz and learning-path attempts, kept in browser
 * storage (product.md#states "Current-question positions for learning path and quiz are kept in browser
 * storage under two keys"; docs/classroom.md "Browser storage"): `localStorage` under
 * {@link POSITION_KEYS}, each a JSON map `attemptId → index` (0-based question index). The
 * server's `currentIndex` is the fallback when storage holds nothing for the attempt.
 *
 * Every function is tolerant: no storage (server rendering, Node, privacy mode throwing on
 * access), corrupt JSON, a value that is not an object, entries that are not non-negative
 * integers and a full quota are all treated as "nothing stored" / silently skipped. Nothing here
 * ever throws.
 */

/** The storage key of each attempt kind (docs/classroom.md "Browser storage"). */
export const POSITION_KEYS: Readonly<Record<QuizKind, string>> = {
  QUIZ: 'halaqa.quiz.position',
  LEARNING_PATH: 'halaqa.learningPath.position',
};

/** The part of the Web Storage API used here (so tests can pass a stand-in). */
export type PositionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `globalThis.localStorage`, or null when there is none or touching it throws (SecurityError). */
export function browserStorage(): PositionStorage | null {
  try {
    const storage = (globalThis as { localStorage?: PositionStorage }).localStorage;
    return storage && typeof storage.getItem === 'function' ? storage : null;
  } catch {
    return null;
  }
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The whole map of `kind`: attempt id (as a string key) → index. Invalid entries are dropped;
 * corrupt JSON or missing storage give `{}`.
 */
export function readPositions(
  kind: QuizKind,
  storage: PositionStorage | null = browserStorage(),
): Record<string, number> {
  if (!storage) return {};
  let raw: string | null;
  try {
    raw = storage.getItem(POSITION_KEYS[kind]);
  } catch {
    return {};
  }
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const out: Record<string, number> = {};
  for (const [id, index] of Object.entries(parsed as Record<string, unknown>)) if (isIndex(index)) out[id] = index;
  return out;
}

/** The stored index of attempt `attemptId`, or null when none is stored (use the server's `currentIndex`). */
export function readPosition(
  kind: QuizKind,
  attemptId: number,
  storage: PositionStorage | null = browserStorage(),
): number | null {
  return readPositions(kind, storage)[String(attemptId)] ?? null;
}

function writeMap(kind: QuizKind, map: Record<string, number>, storage: PositionStorage) {
  try {
    if (Object.keys(map).length === 0) storage.removeItem(POSITION_KEYS[kind]);
    else storage.setItem(POSITION_KEYS[kind], JSON.stringify(map));
  } catch {
    // Quota exceeded or storage disabled: the server's copy of the position remains.
  }
}

/** Stores `index` (a non-negative integer; anything else is ignored) as the position of `attemptId`. */
export function writePosition(
  kind: QuizKind,
  attemptId: number,
  index: number,
  storage: PositionStorage | null = browserStorage(),
): void {
  if (!storage || !isIndex(index)) return;
  writeMap(kind, { ...readPositions(kind, storage), [String(attemptId)]: index }, storage);
}

/** Removes the position of `attemptId` (after submission); removes the key when the map becomes empty. */
export function forgetPosition(
  kind: QuizKind,
  attemptId: number,
  storage: PositionStorage | null = browserStorage(),
): void {
  if (!storage) return;
  const map = readPositions(kind, storage);
  if (!(String(attemptId) in map)) return;
  delete map[String(attemptId)];
  writeMap(kind, map, storage);
}
