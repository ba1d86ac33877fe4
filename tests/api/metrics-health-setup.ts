import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/database.js';
import { buildApp } from '../../server/app.js';
import type { Config } from '../../server/config.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Operating the server: `GET /metrics` (Prometheus text, per app, this machine only unless
 * METRICS_TOKEN), `GET /api/health/live` and `/api/health/ready` (and `/api/health`, its alias), and
 * request ids (`X-Request-Id` kept from a trusted proxy only, on every answer and log line).
 * Runs on PGlite, and on PostgreSQL with HALAQA_TEST_DATABASE_URL (a real outage of PostgreSQL:
 * tests/api/db-connection-loss.test.ts).
 */
export let t: TestApp;
const apps: FastifyInstance[] = [];
export const PG = Boolean(process.env.HALAQA_TEST_DATABASE_URL);

/** Registers the file's hooks: a test app for its tests; after them, it and every `appWith` app are closed. */
export function useTestApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    // Test files share a worker's modules (isolate: false): each closes the apps it made.
    for (const app of apps.splice(0)) await app.close();
    await t.close();
  });
}

/** Another app on the test's database, with `config` changes, a log stream or handlers of its own. */
export async function appWith(
  options: {
    config?: Partial<Config>;
    db?: TestApp['db'];
    log?: Writable;
    handlers?: Parameters<typeof buildApp>[0]['handlers'];
  } = {},
) {
  const app = await buildApp({
    config: { ...t.config, ...options.config },
    db: options.db ?? t.db,
    logger: options.log ? { level: 'info', stream: options.log } : false,
    handlers: options.handlers,
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** One sample of the text format: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/y;
/** A value as Prometheus reads it (Go's strconv.ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
const VALUE = /^(?:nan|[+-]?inf|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)$/i;
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
  counter: ['', '_total'],
  gauge: [''],
  untyped: [''],
};

/**
 * Parses Prometheus's text exposition format 0.0.4, throwing at the first line that breaks it:
 * `# HELP` / `# TYPE` lines (one TYPE per family, before its samples), samples whose name belongs
 * to a declared family (histograms: `_bucket` with `le`, `_sum`, `_count`), label values quoted
 * with only `\\`, `\"`, `\n` escapes, numeric values. Histograms' buckets must be cumulative and
 * end at `+Inf` = `_count`.
 */
export function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      if (types.has(type[1]!)) throw new Error(`second TYPE for ${type[1]}`);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} .*$`).test(line)) throw new Error(`bad HELP line: ${line}`);
      continue;
    }
    if (line.startsWith('#')) throw new Error(`bad comment line: ${line}`);
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const [, name, labelText = '', valueText] = m as unknown as [string, string, string | undefined, string];
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const l = LABEL.exec(labelText);
      if (!l) throw new Error(`bad labels: ${line}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    if (!VALUE.test(valueText)) throw new Error(`bad value: ${line}`);
    const family = [...types.entries()].find(([f, kind]) => SUFFIXES[kind]!.some((suffix) => `${f}${suffix}` === name));
    if (!family) throw new Error(`sample of no declared family: ${line}`);
    if (family[1] === 'histogram' && name.endsWith('_bucket') && labels.le === undefined)
      throw new Error(`bucket without le: ${line}`);
    samples.push({
      name,
      labels,
      value: /^[+-]?inf$/i.test(valueText) ? (valueText.startsWith('-') ? -Infinity : Infinity) : Number(valueText),
    });
  }
  // Buckets of each histogram series: cumulative, ending at +Inf = _count.
  const series = new Map<string, Sample[]>();
  for (const s of samples.filter((x) => x.name.endsWith('_bucket'))) {
    const { le: _le, ...rest } = s.labels;
    const key = `${s.name}${JSON.stringify(rest)}`;
    series.set(key, [...(series.get(key) ?? []), s]);
  }
  for (const [key, buckets] of series) {
    const counts = buckets.map((b) => b.value);
    if (counts.some((c, i) => i > 0 && c < counts[i - 1]!)) throw new Error(`buckets not cumulative: ${key}`);
    const last = buckets.at(-1)!;
    if (last.labels.le !== '+Inf') throw new Error(`no +Inf bucket: ${key}`);
    const { le: _le, ...rest } = last.labels;
    const count = samples.find(
      (x) => x.name === last.name.replace(/_bucket$/, '_count') && JSON.stringify(x.labels) === JSON.stringify(rest),
    );
    if (count?.value !== last.value) throw new Error(`+Inf bucket is not _count: ${key}`);
  }
  return samples;
}

/** Scrapes `app` (from this machine) and parses the answer. */
export async function scrape(app: FastifyInstance = t.app): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(res.body);
}

/** The value of the sample `name` whose labels include `labels` (0 when absent: a counter not yet counted). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

/** How many `operation` requests answered `status`, as the duration histogram counts them. */
export const requests = (samples: Sample[], operation: string, status: string) =>
  valueOf(samples, 'halaqa_http_request_duration_seconds_count', { operation, status });

/** A plugin that fails every query with DatabaseUnavailableError while `down()` says so (an outage, simulated). */
export function outage(down: () => boolean): KyselyPlugin {
  return {
    transformQuery(args) {
      if (down()) throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED (simulated)'));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}
