/**
 * Transition shapes the dialog machines share (grading, session learners): a form that is sent when valid and
 * otherwise flagged.
 */

/**
 * The transitions of a submitted form, in order: when `guard` passes with the event's `fieldsOf`, go to `target`
 * keeping them (`assign`); else `flag` them, staying put or going to `invalidTarget` (a failed state back to
 * editing).
 */
export function submitWhenValid<
  Guard extends string,
  Target extends string,
  Assign extends string,
  Flag extends string,
  Params,
>(options: { guard: Guard; target: Target; assign: Assign; flag: Flag; fieldsOf: Params }, invalidTarget?: string) {
  const { guard, target, assign, flag, fieldsOf } = options;
  const flagged = { type: flag, params: fieldsOf } as const;
  return [
    { guard: { type: guard, params: fieldsOf }, target, actions: { type: assign, params: fieldsOf } },
    invalidTarget ? ({ target: invalidTarget, actions: flagged } as const) : ({ actions: flagged } as const),
  ] as const;
}
