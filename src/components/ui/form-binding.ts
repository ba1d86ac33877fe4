import type { ChangeEvent, Ref } from 'react';

/** What ties one input to a form's state: its ref (to focus it), name, value, change handler and error text. */
export interface BoundInput {
  ref?: Ref<HTMLInputElement>;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * Builds `field(name)` for a form whose entries are one record of strings: spread it on a TextField
 * (`<TextField label={…} {...field('email')} />`) instead of writing ref, name, value, onChange and error
 * again for every input. `change` gets the entry's name and new text; `refs` are optional (forms that find
 * the first invalid input by name need none).
 */
export function inputBinder<N extends string>({
  values,
  change,
  errorOf,
  refs,
}: {
  values: Record<N, string>;
  change: (name: N, value: string) => void;
  errorOf: (name: N) => string | undefined;
  refs?: Record<N, Ref<HTMLInputElement>>;
}): (name: N) => BoundInput {
  return (name) => ({
    ref: refs?.[name],
    name,
    value: values[name],
    onChange: (event) => change(name, event.target.value),
    error: errorOf(name),
  });
}
