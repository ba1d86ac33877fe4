import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { authenticate } from './authn.js';
import type { AppContext, Caller } from './context.js';
import { CAPTCHA_PARAM, spendCaptcha } from './captcha.js';
import { HttpError, type FieldError } from './errors.js';
import type { HandlerInput, HandlerTable, OperationId, RawResult } from './handlers.js';
import type { OperationSpec } from './openapi.js';
import { chooseCompany, mayActForCompany, tenantScopeOf, type TenantScope } from './tenancy.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** What the registration needs besides the operations. */
export interface RegisterOptions {
  ctx: AppContext;
  /** Built operations by operationId; the others answer 501. */
  handlers: HandlerTable;
  /** Largest file (bytes) a multipart operation accepts. */
  fileLimitFor(operationId: string): number;
}

/**
 * Turns Ajv errors of a failed validation into the contract's field errors (`path` = the field,
 * dotted for nested fields; product.md#validation "normalised into a map of field to message").
 */
export function fieldErrors(
  errors: Array<{ keyword: string; instancePath: string; params: object; message?: string }>,
  context = 'body',
): FieldError[] {
  return errors.map((v) => {
    const params = v.params as Record<string, unknown>;
    const base = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const join = (key: unknown) => (base ? `${base}.${String(key)}` : String(key));
    if (v.keyword === 'required' && params.missingProperty)
      return { path: join(params.missingProperty), message: 'is required' };
    if (v.keyword === 'additionalProperties' && params.additionalProperty) {
      return { path: join(params.additionalProperty), message: 'is not an accepted field' };
    }
    return { path: base || context, message: v.message ?? 'is invalid' };
  });
}

/**
 * Registers every operation of the contract on `app`. Each request is counted in the app's metrics
 * from its first step to the end of its answer (`AppContext.metrics.trackRequest`: duration by
 * operationId and status, in flight meanwhile), then goes, in this order, through:
 * 1. authentication (server/platform/authn.ts): 401 when the operation requires sign-in and the
 *    caller has none;
 * 2. roles and tenancy: 403 when the caller's role is not in the operation's `x-roles`, or when an
 *    `x-tenant-scoped` operation on `/companies/{id}…` is called by someone who is neither a member
 *    of that company nor an admin — before any body is read, so a refused upload is never stored;
 *    and when a PARTNER not yet APPROVED calls an `x-tenant-scoped` operation that writes;
 * 3. not built: 501 when no handler exists, before the input is validated (an unbuilt operation
 *    never hides behind a 400);
 * 4. validation of parameters and body by the contract's schemas (Fastify/Ajv; multipart fields
 *    after parsing), 400 with field errors; then, whatever the schemas say, 400 for any string that
 *    holds U+0000 or any number that is not finite ({@link unsafeInputErrors});
 * 5. for `x-captcha` operations (unless the captcha is configured off), a solved and unused captcha
 *    in `g-recaptcha-response`, spent now (server/platform/captcha.ts): 400 otherwise, after the
 *    input is known valid so a mistyped form does not burn the captcha;
 * 6. for `x-company-choice` operations, the `companyId` the caller passed (query or body) is checked
 *    by `chooseCompany` (server/platform/tenancy.ts): 403 when a non-admin names another company, 400
 *    'Choose a company' when an admin names none where it is required; staff act for the named one;
 * 7. the handler, with the caller and its tenant scope (server/platform/tenancy.ts); its answer is
 *    serialized by the contract's response schema inside the `{ data }` envelope, or sent raw.
 */
export function registerOperations(app: FastifyInstance, operations: OperationSpec[], options: RegisterOptions): void {
  const { ctx, handlers } = options;
  app.decorateRequest('caller', null);
  const multipartValidator = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  addFormats.default(multipartValidator);

  for (const op of operations) {
    // The table is keyed by operationId; this registration is the one place that erases the key's type.
    const handler = handlers[op.operationId as OperationId] as
      | ((input: HandlerInput<OperationId>) => Promise<unknown>)
      | undefined;
    const validateMultipart =
      handler && op.multipartSchema ? multipartValidator.compile(withoutFiles(op.multipartSchema)) : null;
    const declaredHeaders = Object.keys((op.schema.headers?.properties ?? {}) as Record<string, unknown>);
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: op.url,
      // An unbuilt operation answers 501 before validation, so it gets no input schemas.
      schema: handler ? op.schema : { response: op.schema.response },
      config: {
        operationId: op.operationId,
        multipartOptions: { limits: { fileSize: options.fileLimitFor(op.operationId) } },
      },
      onRequest: async (request, reply) => {
        ctx.metrics.trackRequest(op.operationId, reply.raw);
        request.caller = await authenticate(request, ctx.db, ctx.tokens);
        if (op.requiresAuth && !request.caller) throw new HttpError(401, 'Authentication required');
        if (op.roles && request.caller && !op.roles.includes(request.caller.role))
          throw new HttpError(403, 'Your role does not allow this');
        // A tenant-scoped operation on a company's own resource (`/companies/{id}/…`) is refused here
        // for anyone but that company's members and admins, whatever its handler does.
        if (
          tenantOfPath(op) &&
          !mayActForCompany(tenantScopeOf(request.caller), Number((request.params as Record<string, string>).id))
        ) {
          throw new HttpError(403, 'Only members of this company can do this');
        }
        // A partner acts for their company (invites, withdraws, removes, brands) only once an admin
        // approved them and it (product.md#roles): a PENDING or REJECTED partner may read, never change.
        if (
          op.tenantScoped &&
          op.method !== 'get' &&
          request.caller?.role === 'PARTNER' &&
          request.caller.status !== 'APPROVED'
        ) {
          throw new HttpError(403, 'Your account is waiting for approval');
        }
        if (!handler) {
          return reply
            .code(501)
            .send({ message: `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is not implemented yet` });
        }
      },
      preValidation: async (request) => {
        if (!validateMultipart) return;
        if (!request.isMultipart()) throw new HttpError(415, 'Expected multipart/form-data');
        const body = ((request.body as Record<string, unknown> | undefined) ??= {});
        // Every part but a file is a field, including a field sent twice (an array of texts): the
        // validator refuses it rather than letting it reach the handler unchecked.
        const isFile = (v: unknown) =>
          typeof v === 'object' &&
          v !== null &&
          !(Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null));
        const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => !isFile(v)));
        if (!validateMultipart(fields))
          throw new HttpError(400, 'Some fields are invalid', fieldErrors(validateMultipart.errors ?? []));
        // The validator coerced the text fields to the contract's types (numbers, booleans): keep them.
        Object.assign(body, fields);
      },
      // After validation (and Ajv's coercion): no string holding U+0000 and no number that is not
      // finite reaches a handler, whatever its schema says (see {@link unsafeInputErrors}).
      preHandler: async (request) => {
        const errors = unsafeInputErrors(request, declaredHeaders);
        if (errors.length) throw new HttpError(400, 'Some fields are invalid', errors);
        // The captcha is checked here, at the edge, so no handler can forget it.
        if (op.captcha && ctx.config.captcha.enabled) {
          await spendCaptcha(
            ctx.db,
            ctx.config.captcha,
            (request.query as Record<string, string | undefined>)[CAPTCHA_PARAM],
            ctx.now(),
          );
        }
      },
      handler: async (request, reply) => {
        const result = (await handler!({
          app: ctx,
          caller: request.caller,
          tenant: scopeOf(op, request),
          params: request.params as never,
          query: request.query as never,
          headers: request.headers as never,
          body: request.body as never,
          request,
          reply,
        })) as { status?: number; data: unknown } | RawResult;
        // A raw result (e.g. text/calendar) is sent as is; a JSON one in the `{ data }` envelope.
        if ('raw' in result) {
          return reply
            .code(result.status ?? 200)
            .headers(result.headers ?? {})
            .type(result.contentType)
            .send(result.raw);
        }
        return reply.code(result.status ?? 200).send({ data: result.data });
      },
    });
  }
}

/**
 * The tenant scope the handler runs with: the caller's, or for an `x-company-choice` operation the
 * company the caller chose (`companyId` in the query or body, already validated and coerced).
 * @throws 403 / 400 from `chooseCompany`.
 */
function scopeOf(op: OperationSpec, request: { caller: Caller | null; query: unknown; body: unknown }): TenantScope {
  const scope = tenantScopeOf(request.caller);
  if (!op.companyChoice) return scope;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const chosen = query.companyId ?? body.companyId;
  return chooseCompany(scope, typeof chosen === 'number' ? chosen : undefined, op.companyChoice);
}

/** Whether the operation is `x-tenant-scoped` and its path names the tenant (`/companies/{id}…`). */
function tenantOfPath(op: OperationSpec): boolean {
  return op.tenantScoped && op.path.startsWith('/companies/{id}');
}

/** The multipart schema minus file fields, which are checked by the handler (type, size). */
function withoutFiles(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  // A file is binary content; `contentMediaType: application/json` marks JSON text (e.g. `weeks`), a plain field.
  const isFile = (p: Record<string, unknown>) =>
    p.format === 'binary' ||
    (p.contentMediaType !== undefined && p.contentMediaType !== 'application/json') ||
    p.contentEncoding !== undefined;
  const fileKeys = Object.keys(props).filter((k) => isFile(props[k]));
  const properties = Object.fromEntries(Object.entries(props).filter(([k]) => !fileKeys.includes(k)));
  const required = ((schema.required ?? []) as string[]).filter((k) => !fileKeys.includes(k));
  return { ...schema, properties, required };
}

const NUL = '\u0000';

/**
 * What PostgreSQL could never store, found anywhere in a request's path and query parameters, its
 * declared headers and its body (JSON, or multipart fields and file names): strings (values and
 * object keys) holding U+0000 — `text` refuses it (22021) and `jsonb` too (22P05) — and numbers that
 * are not finite (`1e400` in JSON parses to Infinity). Each becomes a field error whose `path` is the
 * field, dotted as in {@link fieldErrors} (e.g. `name`, `userIdsTo.0`, `picture.filename`).
 *
 * Why a walk of the input rather than a rule in every schema: the contract has hundreds of strings
 * (and free-form objects such as company `links`), one forgotten `pattern` would reopen the fault,
 * and an Ajv `pattern` on strings that already carry one needs an `allOf`. Walking the parsed input
 * once is linear in its size (bodies are at most 1 MB) and covers every operation, present and future.
 * It runs after validation, so Ajv's coercions (a query's "Infinity") are seen as the handler sees them.
 */
export function unsafeInputErrors(
  request: { params: unknown; query: unknown; body: unknown; headers: Record<string, unknown> },
  declaredHeaders: readonly string[] = [],
): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (errors.length >= 20) return;
    if (depth > 64) errors.push({ path: path || 'body', message: 'is nested too deeply' });
    else if (typeof value === 'string') {
      if (value.includes(NUL))
        errors.push({ path: path || 'body', message: 'must not contain the NUL character (U+0000)' });
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) errors.push({ path: path || 'body', message: 'must be a finite number' });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, `${path}.${i}`, depth + 1));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [k, v] of Object.entries(value)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes(NUL))
          errors.push({ path: at.replaceAll(NUL, '\\0'), message: 'must not contain the NUL character (U+0000)' });
        else visit(v, at, depth + 1);
      }
    }
  };
  visit(request.params, '', 0);
  visit(request.query, '', 0);
  for (const name of declaredHeaders) visit(request.headers[name], name, 0);
  visit(request.body, '', 0);
  return errors;
}
