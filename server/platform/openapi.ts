import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { bundleContract, CONTRACT_ROOT, contractFiles } from '../../openapi/bundle.mjs';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type JsonSchema = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

interface MediaTypes {
  [mediaType: string]: { schema?: JsonSchema };
}

interface OperationObject {
  operationId: string;
  summary?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
  security?: Array<Record<string, string[]>>;
  'x-roles'?: string[];
  'x-tenant-scoped'?: boolean;
  'x-captcha'?: boolean;
  'x-company-choice'?: 'required' | 'optional';
}

/** One operation of the contract, ready to register with Fastify. */
export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path without the /api prefix, e.g. `/sessions/{id}/enroll`. */
  path: string;
  /** Fastify URL, e.g. `/api/sessions/:id/enroll`. */
  url: string;
  summary: string;
  /** false when the operation declares `security: []`. */
  requiresAuth: boolean;
  /** Roles allowed (`x-roles`); null = any signed-in caller (or anyone when public). */
  roles: string[] | null;
  tenantScoped: boolean;
  /**
   * `x-company-choice`: the operation takes a `companyId` (query or body) naming the company it acts
   * for (server/platform/tenancy.ts `chooseCompany`); `required` = staff must name one. null = none.
   */
  companyChoice: 'required' | 'optional' | null;
  /** `x-captcha`: the call needs a solved, unused captcha in `g-recaptcha-response` (server/platform/captcha.ts). */
  captcha: boolean;
  /** Fastify route schema (params, querystring, headers, body, response). */
  schema: {
    params?: JsonSchema;
    querystring?: JsonSchema;
    headers?: JsonSchema;
    body?: JsonSchema;
    response: Record<string, JsonSchema>;
  };
  /** Schema of a multipart/form-data body (validated after parsing), or null. */
  multipartSchema: JsonSchema | null;
}

/** Removes keys Ajv does not know and that carry no validation meaning. */
function clean<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'example' || k === 'xml' || k === 'externalDocs' || k === 'discriminator' || k.startsWith('x-'))
        continue;
      out[k] = clean(v);
    }
    return out as T;
  }
  return value;
}

function objectOf(params: ParameterObject[]): JsonSchema | undefined {
  if (params.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of params) {
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
    properties[name] = clean(p.schema ?? { type: 'string' });
    if (p.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Drops undefined keys (Fastify warns about schema keys that are present but undefined). */
function definedOnly<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The contract read by {@link loadOperations}, by root file, with its files' sizes and modification times. */
const loaded = new Map<
  string,
  { stamp: string; result: Promise<{ document: Record<string, unknown>; operations: OperationSpec[] }> }
>();

/**
 * Reads the contract (the YAML files of openapi/, from the root file `file`, bundled by Redocly:
 * openapi/bundle.mjs), resolves every `$ref` and lists its operations. `document` is the bundled
 * contract, the one served at /api/openapi.json. The work is done once per process for unchanged
 * files (same sizes and modification times): `buildApp` asks twice, and every API test file
 * builds an app. Each call gets its own deep copy, which it may change freely.
 * @throws when a file is missing or is not valid YAML, or a `$ref` does not resolve.
 */
export async function loadOperations(
  file = CONTRACT_ROOT,
): Promise<{ document: Record<string, unknown>; operations: OperationSpec[] }> {
  const stamp = contractFiles(file)
    .map((f) => {
      const { size, mtimeMs } = statSync(f);
      return `${f}:${size}:${mtimeMs}`;
    })
    .join('\n');
  let entry = loaded.get(file);
  if (entry?.stamp !== stamp) {
    entry = { stamp, result: readOperations(file) };
    loaded.set(file, entry);
    entry.result.catch(() => loaded.delete(file));
  }
  return structuredClone(await entry.result);
}

/**
 * Where the resolved contract is kept between processes (JSON; made by the install step,
 * scripts/prepare.ts, or by the first process that needs it).
 */
const CONTRACT_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/halaqa', import.meta.url));
/** How many resolved contracts {@link CONTRACT_CACHE_DIR} keeps (about 1 MB each), the newest. */
const CONTRACT_CACHES_KEPT = 4;

/**
 * The contract's operations, read from the JSON kept in {@link CONTRACT_CACHE_DIR} for this
 * contract's text and this code (this module's and the bundler's), or worked out by
 * {@link parseOperations} and kept there: bundling the files and resolving their references takes
 * 1–3 s, reading the JSON 20 ms of a server's start. A cache that cannot be read or written is skipped.
 */
async function readOperations(
  file: string,
): Promise<{ document: Record<string, unknown>; operations: OperationSpec[] }> {
  const hash = createHash('sha256');
  for (const f of contractFiles(file)) hash.update(f).update('\0').update(readFileSync(f)).update('\0');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(fileURLToPath(new URL('../../openapi/bundle.mjs', import.meta.url))));
  const key = hash.digest('hex').slice(0, 16);
  const cached = join(CONTRACT_CACHE_DIR, `contract-${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as {
      document: Record<string, unknown>;
      operations: OperationSpec[];
    };
  } catch {
    // Not made yet (or unreadable): worked out below.
  }
  const result = await parseOperations(bundleContract(file));
  try {
    mkdirSync(CONTRACT_CACHE_DIR, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(result));
    renameSync(partial, cached);
    // The newest few stay: another branch, or another checkout sharing node_modules, has its own
    // contract, and deleting its copy would make each of the two rebuild its own at every start.
    const older = readdirSync(CONTRACT_CACHE_DIR)
      .filter((name) => /^contract-[0-9a-f]{16}\.json$/.test(name))
      .map((name) => join(CONTRACT_CACHE_DIR, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const stale of older.slice(CONTRACT_CACHES_KEPT)) rmSync(stale, { force: true });
  } catch {
    // A read-only checkout: every process parses the contract itself.
  }
  return result;
}

/** Resolves every `$ref` of the bundled contract `document` and lists its operations. */
async function parseOperations(
  document: Record<string, unknown>,
): Promise<{ document: Record<string, unknown>; operations: OperationSpec[] }> {
  const deref = (await $RefParser.dereference(structuredClone(document) as never)) as unknown as {
    paths: Record<string, Record<string, OperationObject> & { parameters?: ParameterObject[] }>;
    security?: Array<Record<string, string[]>>;
  };
  const globalSecurity = deref.security ?? [];
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(deref.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const response: Record<string, JsonSchema> = {};
      for (const [status, res] of Object.entries(op.responses ?? {})) {
        const s = res.content?.['application/json']?.schema;
        if (s) response[status] = clean(s);
      }
      const json = op.requestBody?.content?.['application/json']?.schema;
      const multipart = op.requestBody?.content?.['multipart/form-data']?.schema;
      const security = op.security ?? globalSecurity;
      operations.push({
        operationId: op.operationId,
        method,
        path,
        url: '/api' + path.replace(/\{([^}]+)\}/g, ':$1'),
        summary: op.summary ?? op.operationId,
        requiresAuth: security.length > 0,
        roles: op['x-roles'] ?? null,
        tenantScoped: op['x-tenant-scoped'] ?? false,
        captcha: op['x-captcha'] ?? false,
        companyChoice: op['x-company-choice'] ?? null,
        schema: definedOnly({
          params: objectOf(params.filter((p) => p.in === 'path')),
          querystring: objectOf(params.filter((p) => p.in === 'query')),
          headers: objectOf(params.filter((p) => p.in === 'header')),
          body: json ? clean(json) : undefined,
          response,
        }),
        multipartSchema: multipart ? clean(multipart) : null,
      });
    }
  }
  return { document, operations };
}
