import { fromPromise } from 'xstate';

/**
 * The placeholder a machine declares in `setup({ actors })` for an actor that routes inject with
 * `machine.provide({ actors: createXActors(api) })`. Running it unprovided rejects with
 * `Error('<machine>.machine: actor "<name>" was not provided (use <factory>)')`, which reaches the
 * machine's error state like any failed call.
 */
export function notProvided<TOutput, TInput>(machine: string, name: string, factory: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machine}.machine: actor "${name}" was not provided (use ${factory})`);
  });
}
