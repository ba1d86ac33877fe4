/**
 * The gradebook's pure rules (docs/classroom.md "Gradebook"; docs/decisions.md "Gradebook"): the
 * weights in force, each cell's status and the weighted total. No database here: queries.ts reads
 * the rows, service.ts decides who may read or write.
 *
 * Units: weights in hundredths of a percent ("bp", 0 … 10000; a session's add up to 10000), scores
 * and points in the lesson's points, totals in percent with two decimals.
 */

/** What a graded lesson is in the gradebook: a quiz, a document assignment, a programming assignment (lab). */
export type GradebookKind = 'QUIZ' | 'ASSIGNMENT' | 'LAB';

/** Lesson type code → gradebook kind; lessons of other types are not graded items. */
export const GRADED_KINDS: Readonly<Record<string, GradebookKind>> = {
  quiz: 'QUIZ',
  assignment: 'ASSIGNMENT',
  programmingAssignment: 'LAB',
};

/** The whole of the weights, 100 % in hundredths of a percent. */
export const FULL_WEIGHT_BP = 10_000;

/**
 * The weights in force for `count` items: the educator's (`stored`, bp by item position, an item
 * without a stored weight has 0) when any is stored and they add up to more than 0, else equal
 * shares (10000 ÷ count, the remainder given one bp at a time to the first items, so they add up
 * to exactly 10000). Stored weights that no longer add up to 10000 (an item left the syllabus) are
 * scaled to 10000 in {@link weightedTotal}.
 */
export function weightsInForce(
  count: number,
  stored: ReadonlyArray<number | undefined>,
): { weighting: 'EQUAL' | 'CUSTOM'; bp: number[] } {
  const custom = stored.map((w) => w ?? 0);
  if (stored.some((w) => w !== undefined) && custom.reduce((a, b) => a + b, 0) > 0)
    return { weighting: 'CUSTOM', bp: custom };
  const share = count > 0 ? Math.floor(FULL_WEIGHT_BP / count) : 0;
  const rest = FULL_WEIGHT_BP - share * count;
  return { weighting: 'EQUAL', bp: Array.from({ length: count }, (_, i) => share + (i < rest ? 1 : 0)) };
}

/** Weights in bp as the percentages shown (two decimals), scaled so that they add up to 100. */
export function weightPercents(bp: readonly number[]): number[] {
  const sum = bp.reduce((a, b) => a + b, 0);
  return bp.map((w) => (sum > 0 ? Math.round((w * 10_000) / sum) / 100 : 0));
}

/** How a learner stands on one item. Only GRADED counts its score; the others count 0. */
export type CellStatus = 'GRADED' | 'PENDING' | 'MISSING' | 'NOT_DUE';

/** One learner's cell: `score` in points (GRADED only); `late` handed in after the item's deadline. */
export interface Cell {
  status: CellStatus;
  score: number | null;
  late: boolean;
}

/** The work that counts for a cell, as queries.ts finds it (null: nothing handed in). */
export interface CountedWork {
  /** Points, or null while it awaits a grade. */
  score: number | null;
  submittedAt: Date;
}

/**
 * A learner's cell: GRADED with the score when the work that counts has one; PENDING when it
 * awaits a grade; with nothing handed in, MISSING once the deadline has passed (`now` at or after
 * it) and NOT_DUE before. Late: the work was handed in after the deadline.
 */
export function cellOf(work: CountedWork | null, deadline: Date, now: Date): Cell {
  if (!work) return { status: now.getTime() >= deadline.getTime() ? 'MISSING' : 'NOT_DUE', score: null, late: false };
  const late = work.submittedAt.getTime() > deadline.getTime();
  return work.score === null ? { status: 'PENDING', score: null, late } : { status: 'GRADED', score: work.score, late };
}

/**
 * A learner's total in percent, two decimals: Σ weight × score ÷ points over the items, divided by
 * the sum of the weights (so weights that no longer add up to 100 % still give a total out of 100).
 * A cell that is not GRADED, and an item worth 0 points, count 0; a score above the points counts
 * as full marks.
 */
export function weightedTotal(cells: readonly Cell[], points: readonly number[], bp: readonly number[]): number {
  const sum = bp.reduce((a, b) => a + b, 0);
  if (sum <= 0) return 0;
  let earned = 0;
  cells.forEach((c, i) => {
    if (c.status !== 'GRADED' || c.score === null || !(points[i]! > 0)) return;
    earned += bp[i]! * Math.min(1, c.score / points[i]!);
  });
  return Math.round((earned * 100 * 100) / sum) / 100;
}

/** One weight of a weights request: an item (lesson id) and its share in percent. */
export interface WeightInput {
  lessonId: number;
  weight: number;
}

/** A field error of a refused weights request (the contract's error `errors` entry). */
export interface WeightError {
  path: string;
  message: string;
}

/**
 * Checks a weights request against the session's items: empty (back to equal weights), or every
 * item exactly once with a weight of 0 … 100 and at most two decimals, adding up to 100.
 * @returns the weights in bp by lesson id, or the first problems found (nothing is saved then).
 */
export function checkWeights(
  itemIds: readonly number[],
  weights: readonly WeightInput[],
): { ok: true; bp: Map<number, number> } | { ok: false; message: string; errors: WeightError[] } {
  const bp = new Map<number, number>();
  if (weights.length === 0) return { ok: true, bp };
  const known = new Set(itemIds);
  const errors: WeightError[] = [];
  weights.forEach((w, i) => {
    const path = `weights/${i}`;
    if (!known.has(w.lessonId))
      errors.push({ path: `${path}/lessonId`, message: 'is not a graded item of this session' });
    else if (bp.has(w.lessonId)) errors.push({ path: `${path}/lessonId`, message: 'is listed more than once' });
    const hundredths = Math.round(w.weight * 100);
    if (!(w.weight >= 0 && w.weight <= 100))
      errors.push({ path: `${path}/weight`, message: 'must be between 0 and 100' });
    else if (Math.abs(hundredths - w.weight * 100) > 1e-6)
      errors.push({ path: `${path}/weight`, message: 'must have at most two decimals' });
    bp.set(w.lessonId, hundredths);
  });
  if (errors.length > 0) return { ok: false, message: 'Some weights are invalid', errors };
  const missing = itemIds.filter((id) => !bp.has(id));
  if (missing.length > 0)
    return {
      ok: false,
      message: 'Every graded item needs a weight',
      errors: missing.map((id) => ({ path: 'weights', message: `has no weight for item ${id}` })),
    };
  const sum = [...bp.values()].reduce((a, b) => a + b, 0);
  if (sum !== FULL_WEIGHT_BP)
    return {
      ok: false,
      message: `The weights must add up to 100% (they add up to ${sum / 100}%)`,
      errors: [{ path: 'weights', message: 'must add up to 100' }],
    };
  return { ok: true, bp };
}
