import type { Schema } from './contract';

/**
 * What the form machines share (course editor, lesson authoring): the weekdays in the API's order, the
 * bookkeeping of field-error records, and the validating step and failed save of their statecharts.
 */

/** Weekdays, sunday to saturday (product.md#entities, #limits). */
export const WEEKDAYS: readonly Schema<'Weekday'>[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** Server errors minus those of `fields` (a key or path, or a prefix followed by `[` or `.`). */
export function withoutStale(
  serverErrors: Record<string, string>,
  fields: readonly string[] | undefined,
): Record<string, string> {
  if (!fields?.length) return serverErrors;
  const stale = (key: string) => fields.some((f) => key === f || key.startsWith(`${f}[`) || key.startsWith(`${f}.`));
  return Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !stale(key)));
}

/** The record without `key` (the same object when it has no such key). */
export function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/** Transient: the client rules decide (`formIsValid`); a valid form is saved, an invalid one stays in editing. */
export const validatingForm = { always: [{ guard: 'formIsValid', target: 'saving' }, { target: 'editing' }] } as const;

/** A failed save (`onError`): the failure is kept and told (`assignSaveFailure`, `emitSaveFailed`), the form stays. */
export const saveFailed = {
  target: 'failed',
  actions: [
    { type: 'assignSaveFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    'emitSaveFailed',
  ],
} as const;
