import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../openapi/schema.js';
import type { AppContext, Caller } from './context.js';
import type { TenantScope } from './tenancy.js';
import { unauthorized } from './errors.js';

/**
 * Handlers typed by the contract (openapi/halaqa.yaml → openapi/schema.d.ts, `npm run api:types`).
 *
 * A handler implements one operationId. Its input (path and query parameters, headers, body) and
 * its answer (`data` of the `{ data }` envelope, per success status) are the generated types of
 * that operation, so a handler keyed by an operationId that is not in the contract, or answering a
 * shape the contract does not describe, fails the type-check (`npm run typecheck`). The request
 * validator (Ajv, with the contract's schemas) has already checked and coerced the input when a
 * handler runs: handlers and services do not re-check shapes, only business rules.
 */

/** Every operationId of the contract. */
export type OperationId = keyof operations;

/** The contract's schemas by name, e.g. `Schema<'CourseSummary'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Parameters<K extends OperationId> = operations[K]['parameters'];
/** Turns generated `never` (no such parameters) into an empty object. */
type OrEmpty<T> = [T] extends [never]
  ? Record<string, never>
  : [T] extends [undefined]
    ? Record<string, never>
    : NonNullable<T>;

/** Path parameters of operation K (numbers are coerced by the validator). */
export type PathParams<K extends OperationId> = OrEmpty<Parameters<K>['path']>;
/**
 * Query parameters of operation K. The contract's paging parameters (`page`, `pageSize`) always
 * carry a default, which the validator fills in (Ajv `useDefaults`; tests/api/contract.test.ts
 * checks every such parameter has one), so handlers see them as present.
 */
export type QueryParams<K extends OperationId> = Paged<OrEmpty<Parameters<K>['query']>>;
type Paged<Q> = Q extends { page?: number; pageSize?: number }
  ? Omit<Q, 'page' | 'pageSize'> & { page: number; pageSize: number }
  : Q;
/** Header parameters of operation K (lower-case names). */
export type HeaderParams<K extends OperationId> = LowerCaseKeys<OrEmpty<Parameters<K>['header']>>;
/** Node lower-cases header names (`Idempotency-Key` arrives as `idempotency-key`). */
type LowerCaseKeys<T> = { [H in keyof T as Lowercase<H & string>]: T[H] };

/**
 * A multipart file part as handed to handlers: streamed to a temporary file under `DATA_DIR/tmp`
 * (removed when the response is sent), never held in memory. `sizeBytes` is the byte count.
 */
export interface TempFile {
  tempPath: string;
  filename: string;
  mimetype: string;
  sizeBytes: number;
}

/**
 * A multipart body: file parts (typed `Blob` by the generated contract types) are
 * {@link TempFile} values, or undefined when the client sent none (the service says which file is
 * required); the other fields are as the contract describes them, coerced by the validator.
 */
export type MultipartBody<T> = { [F in keyof T]: NonNullable<T[F]> extends Blob ? TempFile | undefined : T[F] };

type Content<K extends OperationId> = operations[K] extends { requestBody?: { content: infer C } } ? C : never;
/** The request body of operation K: JSON as described, multipart as {@link MultipartBody}, else `undefined`. */
export type RequestBody<K extends OperationId> = [Content<K>] extends [never]
  ? undefined
  : Content<K> extends { 'application/json': infer B }
    ? operations[K] extends { requestBody: unknown }
      ? B
      : B | undefined
    : Content<K> extends { 'multipart/form-data': infer B }
      ? MultipartBody<B>
      : undefined;

/** What a handler receives: the validated input of operation K, the caller and the tenant scope. */
export interface HandlerInput<K extends OperationId> {
  app: AppContext;
  /** The signed-in caller; null only on operations the contract declares public (`security: []`). */
  caller: Caller | null;
  /**
   * The caller's tenant scope (server/platform/tenancy.ts), built by the route registration for
   * every operation; services of `x-tenant-scoped` operations take it as a parameter.
   */
  tenant: TenantScope;
  params: PathParams<K>;
  query: QueryParams<K>;
  headers: HeaderParams<K>;
  body: RequestBody<K>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Responses<K extends OperationId> = operations[K]['responses'];
type SuccessStatus = 200 | 201 | 202;
type JsonData<R> = R extends { content: { 'application/json': { data: infer D } } } ? D : never;
type RawContent<R> = R extends { content: infer C }
  ? C extends { 'application/json': unknown }
    ? never
    : keyof C & string
  : never;

/** A JSON answer: `data` goes into the `{ data }` envelope; `status` defaults to 200. */
type JsonResult<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: [JsonData<Responses<K>[S]>] extends [never]
    ? never
    : (S extends 200 ? { status?: 200 } : { status: S }) & { data: JsonData<Responses<K>[S]> };
}[keyof Responses<K> & SuccessStatus];

/**
 * A non-JSON answer (e.g. `text/calendar`), for operations whose success response is not JSON:
 * `raw` is sent unchanged with `contentType` as Content-Type, plus `headers` (e.g. Content-Disposition).
 */
export interface RawResult {
  status?: SuccessStatus;
  raw: string | Buffer;
  contentType: string;
  headers?: Record<string, string>;
}
type RawResultOf<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: [RawContent<Responses<K>[S]>] extends [never] ? never : RawResult;
}[keyof Responses<K> & SuccessStatus];

/** What the handler of operation K answers: one of its documented success responses. */
export type HandlerResult<K extends OperationId> = JsonResult<K> | RawResultOf<K>;

/** Implements operation K of the contract. */
export type Handler<K extends OperationId> = (input: HandlerInput<K>) => Promise<HandlerResult<K>>;

/**
 * A table of handlers by operationId. Module handler files declare theirs with
 * `export const xHandlers = { … } satisfies HandlerTable`, so a misspelt operationId is an excess
 * property and a wrong answer a type error.
 */
export type HandlerTable = { [K in OperationId]?: Handler<K> };

/**
 * Narrows the caller of an operation that requires sign-in (the registration already answered 401).
 * @throws 401 (HttpError) when there is none.
 */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw unauthorized();
  return caller;
}
