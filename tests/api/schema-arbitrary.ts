import fc from 'fast-check';

/**
 * fast-check arbitraries from the contract's JSON schemas (dereferenced, as `loadOperations()` gives
 * them), for the schema-driven fuzzer (tests/api/fuzz.test.ts).
 *
 * - {@link validArb}: values the schema accepts — types, `enum`, `minimum`/`maximum` (fast-check
 *   biases integers and doubles towards their bounds, so boundaries come often), lengths, `pattern`
 *   (`fc.stringMatching`), the formats the contract uses (`date`, `email`, `int32`), required and
 *   optional properties, `patternProperties`, arrays with their item counts and uniqueness.
 *   Integer ids lean towards small values, which exist in the demo data.
 * - {@link invalidArb}: a valid value with one mutation somewhere inside it: a wrong type, a number
 *   out of range (one past a bound, 2147483648, 1e20, 1.5 for an integer, a non-finite `1e400`),
 *   a NUL character, a string one past `maxLength` or huge, a required property missing, an unknown
 *   property added.
 *
 * Numbers that JSON cannot spell (`1e400`, `-1e400`) are {@link RawNumber} markers; {@link toJson}
 * writes them into the JSON text as is, so the server's JSON parser sees them.
 */

export type Schema = Record<string, unknown>;

/** A number written as raw text in JSON (e.g. `1e400`, which parses to Infinity). */
export class RawNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;
/** Largest string the fuzzer sends as a "huge" value (the JSON body limit is 1 MB). */
const HUGE = 70_000;

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.patternProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

const numberBound = (schema: Schema, key: 'minimum' | 'maximum'): number | undefined => {
  const v = schema[key];
  return typeof v === 'number' ? v : undefined;
};

/** Short text from a mix of ASCII, Arabic, emoji and combining marks (never NUL). */
function textArb(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, 40));
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: max, unit: 'grapheme-ascii' }) },
      { weight: 1, arbitrary: fc.string({ minLength, maxLength: max, unit: 'grapheme' }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            'مرحبا بالعالم',
            "O'Brien; DROP TABLE users; --",
            '<script>alert(1)</script>',
            '  ',
            '%',
            '_',
            '\\',
            '😀👍🏽',
          )
          .filter((s) => s.length >= minLength && s.length <= maxLength),
      },
    )
    .map((s) => s.replaceAll('\u0000', ''));
}

function stringArb(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 200;
  const fit = (a: fc.Arbitrary<string>) => a.filter((s) => s.length >= minLength && s.length <= maxLength);
  if (schema.pattern) {
    const re = new RegExp(schema.pattern as string);
    if (schema.format === 'email') return fit(fc.emailAddress().filter((s) => re.test(s)));
    return fit(fc.stringMatching(re, { size: 'small' }));
  }
  switch (schema.format) {
    case 'email':
      return fit(fc.emailAddress());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
      return fit(fc.webUrl());
    case 'uuid':
      return fc.uuid();
    default:
      return textArb(minLength, maxLength);
  }
}

function integerArb(schema: Schema, name: string): fc.Arbitrary<number> {
  const min = Math.max(numberBound(schema, 'minimum') ?? INT32_MIN, INT32_MIN);
  const max = Math.min(numberBound(schema, 'maximum') ?? INT32_MAX, INT32_MAX);
  const any = fc.integer({ min, max });
  // Ids: mostly small ones, which exist in the demo data, so calls get past their 404s.
  if (/(^id$|Id$|Ids?To$)/.test(name) && min <= 60 && max >= 1) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: Math.max(min, 1), max: Math.min(max, 60) }) },
      { weight: 1, arbitrary: any },
    );
  }
  return any;
}

function numberArb(schema: Schema): fc.Arbitrary<number> {
  const min = numberBound(schema, 'minimum') ?? -1e9;
  const max = numberBound(schema, 'maximum') ?? 1e9;
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.integer({ min: Math.ceil(Math.max(min, INT32_MIN)), max: Math.floor(Math.min(max, INT32_MAX)) }),
    fc.integer({ min: 0, max: 10_000 }).map((c) => Math.min(max, Math.max(min, c / 100))),
  );
}

function objectArb(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) model[k] = validArb(s, depth + 1, k);
  const base = fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>);
  const extra: fc.Arbitrary<Record<string, unknown>> =
    patterns.length > 0
      ? fc
          .array(
            fc.oneof(
              ...patterns.map(([p, s]) =>
                fc.tuple(fc.stringMatching(new RegExp(p), { size: 'xsmall' }), validArb(s, depth + 1)),
              ),
            ),
            { maxLength: 4 },
          )
          .map((entries) => Object.fromEntries(entries))
      : schema.additionalProperties && typeof schema.additionalProperties === 'object'
        ? fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }),
            validArb(schema.additionalProperties as Schema, depth + 1),
            { maxKeys: 3 },
          )
        : fc.constant({});
  return fc.tuple(base, extra).map(([a, b]) => ({ ...b, ...a }));
}

/**
 * Values `schema` accepts (best effort: combinations the schema cannot express, such as
 * `endDate` after `startDate`, are left to chance). `name` is the property's name (ids are biased).
 */
export function validArb(schema: Schema, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const k of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[k])) return fc.oneof(...(schema[k] as Schema[]).map((s) => validArb(s, depth, name)));
  }
  if (Array.isArray(schema.allOf)) {
    const merged = (schema.allOf as Schema[]).reduce<Schema>(
      (acc, s) => ({
        ...acc,
        ...s,
        properties: { ...(acc.properties as object), ...(s.properties as object) },
        required: [...((acc.required as string[]) ?? []), ...((s.required as string[]) ?? [])],
      }),
      {},
    );
    return validArb(merged, depth, name);
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  return fc.oneof(...types.map((type) => validOfType(schema, type, depth, name)));
}

function validOfType(schema: Schema, type: string, depth: number, name: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArb(schema, name);
    case 'number':
      return numberArb(schema);
    case 'string':
      return stringArb(schema);
    case 'array': {
      if (depth > 6) return fc.constant([]);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 4, 4));
      const items = validArb((schema.items ?? {}) as Schema, depth + 1, name);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      if (depth > 6) return fc.constant({});
      return objectArb(schema, depth);
    default:
      return fc.constant(null);
  }
}

/** A value of the wrong type for `schema` (string ↔ number ↔ object ↔ array ↔ boolean). */
function wrongTypeArb(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const candidates: Array<fc.Arbitrary<unknown>> = [];
  if (!types.includes('string')) candidates.push(fc.constantFrom('abc', '', '1 OR 1=1', 'true'));
  if (!types.includes('integer') && !types.includes('number')) candidates.push(fc.constantFrom(0, -1, 3.5, 2147483648));
  if (!types.includes('object')) candidates.push(fc.constant({ a: 1 }));
  if (!types.includes('array')) candidates.push(fc.constant([1, 'x']));
  if (!types.includes('boolean')) candidates.push(fc.boolean());
  if (!types.includes('null')) candidates.push(fc.constant(null));
  return fc.oneof(...candidates);
}

/** Values beyond the schema's numeric bounds, or not finite, or not whole for an integer. */
function outOfRangeArb(schema: Schema, integer: boolean): fc.Arbitrary<unknown> {
  const min = numberBound(schema, 'minimum');
  const max = numberBound(schema, 'maximum');
  const values: unknown[] = [
    2147483648,
    -2147483649,
    1e20,
    -1e20,
    new RawNumber('1e400'),
    new RawNumber('-1e400'),
    new RawNumber('123456789012345678901234567890'),
  ];
  if (min !== undefined) values.push(min - 1, min - 0.5);
  if (max !== undefined) values.push(max + 1, max + 0.5);
  if (integer) values.push(1.5, 0.1);
  return fc.constantFrom(...values);
}

/** Strings the schema must refuse, or that no database column takes (NUL), or huge. */
function badStringArb(schema: Schema): fc.Arbitrary<unknown> {
  const maxLength = schema.maxLength as number | undefined;
  const options: Array<fc.Arbitrary<unknown>> = [
    validArb({ ...schema, pattern: undefined, format: undefined, enum: undefined, minLength: 0 } as Schema).map((v) =>
      typeof v === 'string' ? `${v.slice(0, 3)}\u0000${v.slice(3)}` : '\u0000',
    ),
    fc.constant('\u0000'),
    fc.constant('x'.repeat(HUGE)),
    fc.constantFrom('\uD800', '\uFFFF', 'ab\u202Ecd', '\u200B', 'Infinity', 'NaN', '-0', '1e400'),
  ];
  if (maxLength !== undefined) options.push(fc.constant('y'.repeat(maxLength + 1)));
  if (schema.enum || schema.pattern || schema.format)
    options.push(fc.constantFrom('not-valid', 'ZZ', '2024-02-30', '25:61', 'a@b', ''));
  return fc.oneof(...options);
}

/** Invalid replacements for a value of `schema` itself (no descent). */
function invalidHereArb(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: Array<fc.Arbitrary<unknown>> = [wrongTypeArb(schema)];
  if (types.includes('integer') || types.includes('number'))
    options.push(outOfRangeArb(schema, types.includes('integer')));
  if (types.includes('string') || Array.isArray(schema.enum)) options.push(badStringArb(schema));
  if (types.includes('array')) {
    const maxItems = schema.maxItems as number | undefined;
    options.push(fc.constant(Array.from({ length: (maxItems ?? 1000) + 1 }, () => 1)));
  }
  return fc.oneof(...options);
}

/** A value that breaks `schema` in exactly one place (at the top, or inside one property or item). */
export function invalidArb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(props);
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [
    { weight: 1, arbitrary: invalidHereArb(schema) },
  ];
  if (types.includes('object') && depth < 4) {
    const required = (schema.required ?? []) as string[];
    const valid = validArb(schema, depth) as fc.Arbitrary<Record<string, unknown>>;
    if (keys.length > 0) {
      options.push({
        weight: 4,
        arbitrary: fc
          .tuple(valid, fc.constantFrom(...keys))
          .chain(([v, k]) => invalidArb(props[k]!, depth + 1).map((bad) => ({ ...v, [k]: bad }))),
      });
    }
    if (required.length > 0) {
      options.push({
        weight: 1,
        arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => {
          const copy = { ...v };
          delete copy[k];
          return copy;
        }),
      });
    }
    options.push({ weight: 1, arbitrary: valid.map((v) => ({ ...v, ['unexpected\u0000key']: 1, __proto__x: 'x' })) });
  }
  if (types.includes('array') && depth < 4 && schema.items) {
    options.push({
      weight: 2,
      arbitrary: fc
        .tuple(validArb(schema, depth), invalidArb(schema.items as Schema, depth + 1))
        .map(([v, bad]) => [...(Array.isArray(v) ? v : []), bad]),
    });
  }
  return fc.oneof(...options);
}

/** JSON text of `value`, with {@link RawNumber} markers written as their raw text. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `__raw_number_${raws.length - 1}__`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"__raw_number_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Text form of a value for a path, query or multipart field. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawNumber) return value.text;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toJson(value);
  return String(value);
}
