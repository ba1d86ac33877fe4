import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unimplementedOperations } from '../../server/app.js';
import { loadOperations, type OperationSpec } from '../../server/platform/openapi.js';
import { installWriteLog, PDF, writesSince } from './authorization-world.js';
import { multipart, PNG_1PX, startTestApp, type FilePart, type TestApp } from './harness.js';
import { invalidArb, toJson, toText, validArb, type Schema } from './schema-arbitrary.js';

/**
 * Schema-driven fuzzing of the whole contract (issue "Nothing lost, nobody in", fault 4): every built
 * operation is called with parameters and bodies generated from its own schemas (valid values with
 * their boundaries, and invalid ones: wrong types, out of range, NUL characters, huge strings, missing
 * required fields, unknown fields; see tests/api/schema-arbitrary.ts), multipart operations with their
 * text fields and a tiny file, as anonymous, LEARNER, EDUCATOR, PARTNER and ADMIN (demo accounts).
 *
 * It checks that no call answers 5xx, and that a refused call (400, 401, 403, and 404, 409, 422: a
 * handler must check before it writes, or write in the transaction its refusal rolls back) wrote
 * nothing (the write log of tests/api/authorization-world.ts: an AFTER trigger on every table). It prints how many
 * cases it tried and the seed; `FUZZ_SEED=<seed> FUZZ_RUNS=<runs per operation>` replays or widens a
 * run, and `FUZZ_ONLY=<operationId>` narrows it to one operation. Each failure is listed with the seed,
 * the operation, the case index and the exact request, so it can be replayed by hand.
 *
 * Operations not built yet answer 501 before validating anything (tests/api/contract.test.ts) and
 * are left out. Sign-out (it ends the caller's sign-in) and the destructive user decisions
 * (`deleteUser`, `rejectUser`) run last, so the demo callers keep their sign-ins and accounts for
 * everything else.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20260517);
const RUNS = Number(process.env.FUZZ_RUNS ?? 14);
const ONLY = process.env.FUZZ_ONLY;

const CALLERS = {
  anonymous: null,
  LEARNER: 'learner@halaqa.test',
  EDUCATOR: 'educator@halaqa.test',
  PARTNER: 'partner@ncai.halaqa.test',
  ADMIN: 'admin@halaqa.test',
} as const;
type Caller = keyof typeof CALLERS;
/** Statuses of a refused call: it must have written nothing. */
const REFUSED = new Set([400, 401, 403, 404, 409, 422]);
const LAST = ['signOut', 'deleteUser', 'rejectUser'];

/** One generated request. */
interface Case {
  caller: Caller;
  valid: boolean;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  files: Record<string, FilePart | null>;
}

let t: TestApp;
let operations: OperationSpec[];
let skipped = 0;
const tokens = new Map<Caller, Record<string, string>>();

beforeAll(async () => {
  t = await startTestApp();
  const unbuilt = new Set((await unimplementedOperations()).map((op) => op.operationId));
  const all = (await loadOperations()).operations;
  operations = all
    .filter((op) => !unbuilt.has(op.operationId) && (!ONLY || op.operationId === ONLY))
    .sort((a, b) => LAST.indexOf(a.operationId) - LAST.indexOf(b.operationId));
  skipped = all.length - operations.length;
  for (const [caller, email] of Object.entries(CALLERS) as Array<[Caller, string | null]>)
    tokens.set(caller, email ? t.auth(await t.tokenFor(email)) : {});
  await installWriteLog(t.db);
}, 60_000);
afterAll(() => t?.close());

/** Schema of one part: an object schema's properties, or nothing. */
function partOf(schema: Schema | undefined): Schema | null {
  return schema && Object.keys((schema.properties ?? {}) as object).length > 0 ? schema : null;
}

function isFile(p: Schema): boolean {
  return (
    p.format === 'binary' ||
    (p.contentMediaType !== undefined && p.contentMediaType !== 'application/json') ||
    p.contentEncoding !== undefined
  );
}

const FILES: FilePart[] = [
  { filename: 'p.png', contentType: 'image/png', content: PNG_1PX },
  { filename: 'work.pdf', contentType: 'application/pdf', content: PDF },
  { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('hello') },
  { filename: 'empty.bin', contentType: 'application/octet-stream', content: Buffer.alloc(0) },
  { filename: 'عربي.png', contentType: 'image/png', content: PNG_1PX },
];

/** The arbitrary of one operation's requests: valid ones, and ones broken in one part. */
function caseArb(op: OperationSpec): fc.Arbitrary<Case> {
  const params = partOf(op.schema.params);
  const query = partOf(op.schema.querystring);
  const headers = partOf(op.schema.headers);
  const json = op.schema.body ?? null;
  const form = op.multipartSchema;
  const formProps = (form?.properties ?? {}) as Record<string, Schema>;
  const fileKeys = Object.keys(formProps).filter((k) => isFile(formProps[k]!));
  const textForm: Schema | null = form
    ? {
        ...form,
        properties: Object.fromEntries(Object.entries(formProps).filter(([k]) => !fileKeys.includes(k))),
        required: ((form.required ?? []) as string[]).filter((k) => !fileKeys.includes(k)),
      }
    : null;
  const bodySchema = json ?? textForm;
  const parts = { params, query, headers, body: bodySchema };
  const valid = (s: Schema | null) => (s ? validArb(s) : fc.constant(undefined));
  const filesArb = fc.record(
    Object.fromEntries(fileKeys.map((k) => [k, fc.option(fc.constantFrom(...FILES), { freq: 6 })])),
  ) as fc.Arbitrary<Record<string, FilePart | null>>;
  const allowed = (Object.keys(CALLERS) as Caller[]).filter((k) =>
    k === 'anonymous' ? !op.requiresAuth : !op.roles || op.roles.includes(k),
  );
  const broken = (Object.keys(parts) as Array<keyof typeof parts>).filter((k) => parts[k]);
  return fc
    .record({
      // Mostly a caller the operation allows (so calls get past 401/403 to the handler), else anyone.
      caller: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...allowed) },
        { weight: 1, arbitrary: fc.constantFrom(...(Object.keys(CALLERS) as Caller[])) },
      ),
      // Which part is broken: none (a valid request) half of the time.
      brokenPart: broken.length ? fc.oneof(fc.constant(null), fc.constantFrom(...broken)) : fc.constant(null),
    })
    .chain(
      ({ caller, brokenPart }) =>
        fc.record({
          caller: fc.constant(caller),
          valid: fc.constant(brokenPart === null),
          params: brokenPart === 'params' ? invalidArb(params!) : valid(params),
          query: brokenPart === 'query' ? invalidArb(query!) : valid(query),
          headers: brokenPart === 'headers' ? invalidArb(headers!) : valid(headers),
          body: brokenPart === 'body' ? invalidArb(bodySchema!) : valid(bodySchema),
          files: filesArb,
        }) as fc.Arbitrary<Case>,
    );
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The inject options of a case. */
function requestOf(op: OperationSpec, c: Case) {
  const params = asRecord(c.params);
  // A URL carries UTF-8: lone surrogates cannot be encoded (they become U+FFFD, as a browser does).
  const wellFormed = (s: string) =>
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const url = op.url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(wellFormed(toText(params[name] ?? 'x'))),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(asRecord(c.query))) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, toText(item));
  }
  const headers: Record<string, string> = { ...tokens.get(c.caller)! };
  for (const [k, v] of Object.entries(asRecord(c.headers))) {
    // Header values travel as visible ASCII (Node refuses others before any route runs).
    if (v !== undefined) headers[k] = toText(v).replace(/[^\x20-\x7e]/g, '?');
  }
  const fullUrl = search.size ? `${url}?${search.toString()}` : url;
  if (op.multipartSchema) {
    const fields = Object.fromEntries(
      Object.entries(asRecord(c.body))
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, toText(v)]),
    );
    const files = Object.fromEntries(Object.entries(c.files).filter(([, f]) => f)) as Record<string, FilePart>;
    const form = multipart(fields, files);
    return {
      method: op.method.toUpperCase(),
      url: fullUrl,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
      shown: { fields, files: Object.keys(files) },
    };
  }
  if (c.body === undefined)
    return { method: op.method.toUpperCase(), url: fullUrl, headers, payload: undefined, shown: undefined };
  const payload = toJson(c.body);
  return {
    method: op.method.toUpperCase(),
    url: fullUrl,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
    shown: payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload,
  };
}

/** A stable per-operation seed, so one operation's cases do not depend on the others. */
function seedOf(operationId: string): number {
  let h = SEED | 0;
  for (const ch of operationId) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

describe('schema-driven fuzzing of every operation', () => {
  it('never answers 5xx, and a refused call writes nothing', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let cases = 0;
    let invalid = 0;
    let refusedCalls = 0;
    let acceptedWrites = 0;
    let since = 0;
    const started = Date.now();
    for (const op of operations) {
      const generated = fc.sample(caseArb(op), { seed: seedOf(op.operationId), numRuns: RUNS });
      for (const [index, c] of generated.entries()) {
        const req = requestOf(op, c);
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: req.headers,
            payload: req.payload,
          });
        } catch (err) {
          failures.push(
            `${op.operationId} #${index} threw ${String(err)}: ${req.method} ${req.url} as ${c.caller} body ${JSON.stringify(req.shown)}`,
          );
          continue;
        }
        cases += 1;
        if (!c.valid) invalid += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        // What the call left to run after its answer (a receipt's mail) is the call's too.
        await t.app.backgroundSettled();
        const writes = await writesSince(t.db, since);
        if (writes.length) since = writes[writes.length - 1]!.id;
        const replay = `seed ${SEED} ${op.operationId} #${index}: ${req.method} ${req.url} as ${c.caller}${req.shown === undefined ? '' : ` body ${JSON.stringify(req.shown)}`}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${replay} → ${res.body.slice(0, 200)}`);
        if (REFUSED.has(res.statusCode)) {
          refusedCalls += 1;
          if (writes.length)
            failures.push(
              `refused ${res.statusCode} but wrote ${writes.map((w) => `${w.op} ${w.tbl}`).join(', ')}: ${replay}`,
            );
        } else if (res.statusCode < 300) acceptedWrites += writes.length;
      }
    }
    const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, k]) => n + k, 0);
    const histogram = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `fuzz: ${cases} cases over ${operations.length} operations (${skipped} not built or filtered out), ${fiveXX} × 5xx, ` +
        `${invalid} invalid, ${refusedCalls} refused (400/401/403/404/409/422) with ${failures.filter((f) => f.startsWith('refused')).length} writing, ` +
        `${acceptedWrites} rows written by accepted calls; seed ${SEED}, ${RUNS} runs per operation, ${((Date.now() - started) / 1000).toFixed(1)} s\n  statuses: ${histogram}` +
        (failures.length ? `\n  ${failures.join('\n  ')}` : ''),
    );
    expect(failures).toEqual([]);
    // The checks above saw something: requests were refused and accepted ones wrote (else their zeros would prove nothing).
    expect(refusedCalls).toBeGreaterThan(0);
    expect(acceptedWrites).toBeGreaterThan(0);
    // …and the refusals after the handler ran (not found, conflict, rule broken) were among them.
    for (const status of [404, 409, 422]) expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(0);
  }, 180_000);
});
