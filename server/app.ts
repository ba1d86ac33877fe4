import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { allHandlers } from './modules/index.js';
import { MAX_UPLOAD_BYTES, UPLOAD_POLICIES } from './modules/uploads/policy.js';
import type { TempFile } from './modules/uploads/service.js';
import { REDOC_BUNDLE, apiDocsHtml } from './platform/api-docs.js';
import type { AppContext, Caller, Handlers } from './platform/context.js';
import { HttpError, type FieldError } from './platform/errors.js';
import { Mailer } from './platform/mailer.js';
import { loadOperations, type OperationSpec } from './platform/openapi.js';
import type { PaymentGateway } from './platform/payments/gateway.js';
import { SandboxGateway } from './platform/payments/sandbox.js';
import { StripeGateway } from './platform/payments/stripe.js';
import { closeSandboxPool } from './platform/sandbox/index.js';
import { DiskStorage, type FileStorage } from './platform/storage.js';
import { S3Storage, registerS3Uploads } from './platform/storage-s3.js';
import { TokenService } from './platform/tokens.js';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Replace or add handlers (tests); defaults to every module's handlers. */
  handlers?: Handlers;
  /** Payment gateway; defaults to the sandbox. */
  gateway?: PaymentGateway;
  /** Pino logger options; false silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The clock handed to handlers as `AppContext.now` (tests fix the time); defaults to the wall clock. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** Temporary files of this request's multipart parts, removed when the response is sent. */
    tempFiles: string[] | null;
    /** The raw text of a JSON body (for webhook signatures). */
    rawBody: string | null;
  }
}

/** Largest file of a multipart operation that is not an upload (sign-up, course form, submissions, invites). */
const DEFAULT_FILE_BYTES = 20 * 1024 * 1024;

/** Turns Ajv errors of a failed validation into the contract's field errors (`path` = the field). */
function fieldErrors(errors: Array<{ keyword: string; instancePath: string; params: object; message?: string }>, context = 'body'): FieldError[] {
  return errors.map((v) => {
    const params = v.params as Record<string, unknown>;
    const base = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const join = (key: unknown) => (base ? `${base}.${String(key)}` : String(key));
    if (v.keyword === 'required' && params.missingProperty) return { path: join(params.missingProperty), message: 'is required' };
    if (v.keyword === 'additionalProperties' && params.additionalProperty) {
      return { path: join(params.additionalProperty), message: 'is not an accepted field' };
    }
    return { path: base || context, message: v.message ?? 'is invalid' };
  });
}

/**
 * Builds the HTTP application: every operation of openapi/halaqa.yaml under /api (validated and
 * serialized with its schemas; 501 where no handler exists yet), the API reference at /api/docs,
 * uploaded files at /uploads and the built SPA at / (with history fallback).
 * Used by server/main.ts and by the tests (`app.inject`).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    ajv: { customOptions: { removeAdditional: false, strict: false, coerceTypes: 'array', useDefaults: true } },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  const tokens = new TokenService(config.jwtSecret, config.jwtTtlSeconds);
  const uploadsDir = join(config.dataDir, 'uploads');
  const tmpDir = join(config.dataDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  // STORAGE_DRIVER (server/config.ts): an S3 bucket is checked now so a wrong setting stops the start.
  const s3 = config.storage.driver === 's3' ? new S3Storage(config.storage) : null;
  if (s3) {
    try {
      await s3.checkBucket();
    } catch (err) {
      s3.close();
      throw err;
    }
  }
  const storage: FileStorage = s3 ?? new DiskStorage(uploadsDir);
  const ctx: AppContext = {
    db,
    config,
    tokens,
    log: app.log,
    storage,
    mailer: new Mailer(db, join(config.dataDir, 'outbox'), config.smtpUrl),
    gateway: options.gateway ?? (config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway()),
    now: options.now ?? (() => new Date()),
  };

  // The grading sandbox's worker threads (server/platform/sandbox) end with the app, so the
  // server and the test runs exit cleanly; the pool is per process and restarts on its next use.
  app.addHook('onClose', async () => {
    await closeSandboxPool();
  });

  // JSON bodies keep their raw text too: Stripe signs the exact bytes of its webhooks.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  const handlers = { ...allHandlers, ...(options.handlers ?? {}) };
  const { document, operations } = await loadOperations();

  // Multipart file parts are streamed to temporary files (never buffered whole) and handed to
  // handlers as TempFile values; each operation's own size limit stops the stream early (413).
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 2000, fieldSize: 64 * 1024 },
    async onFile(part) {
      const tempPath = join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
      (this.tempFiles ??= []).push(tempPath);
      let sizeBytes = 0;
      part.file.on('data', (chunk: Buffer) => (sizeBytes += chunk.length));
      await pipeline(part.file, createWriteStream(tempPath));
      const value: TempFile = { tempPath, filename: part.filename, mimetype: part.mimetype, sizeBytes };
      (part as unknown as { value: TempFile }).value = value;
    },
  });

  app.decorateRequest('caller', null);
  app.decorateRequest('tempFiles', null);
  app.decorateRequest('rawBody', null);
  app.addHook('onResponse', async (request) => {
    if (request.tempFiles) await Promise.all(request.tempFiles.map((f) => rm(f, { force: true })));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ message: 'Some fields are invalid', errors: fieldErrors(error.validation, error.validationContext) });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const policy = UPLOAD_POLICIES[String((request.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? '')];
      return reply.code(413).send({ message: `File size must be less than ${policy ? policy.family.maxLabel : '20 MB'}` });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'System error please try later !' });
    }
    return reply.code(status).send({ message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.code(404).send({ message: `No operation at ${request.method} ${request.url.split('?')[0]}` });
    }
    if (request.method === 'GET' && config.webDir && existsSync(join(config.webDir, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html', config.webDir);
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  /** Reads the caller from `Authorization: Bearer` (or `?token=`), checking the user still may sign in. */
  async function authenticate(request: FastifyRequest): Promise<Caller | null> {
    const header = request.headers.authorization;
    const query = request.query as Record<string, unknown> | undefined;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : typeof query?.token === 'string' ? query.token : null;
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const user = await db
      .selectFrom('users')
      .select(['id', 'role', 'status', 'company_id'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    if (!user || user.status === 'DELETED' || user.status === 'REJECTED') return null;
    const legacy = request.headers['x-auth-legacy'] ?? query?.['auth-legacy'];
    return { userId: user.id, role: user.role, status: user.status, companyId: user.company_id, federated: String(legacy) === '0' };
  }

  const multipartValidator = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  addFormats.default(multipartValidator);

  function register(op: OperationSpec) {
    const handler = handlers[op.operationId];
    const validateMultipart = op.multipartSchema ? multipartValidator.compile(withoutFiles(op.multipartSchema)) : null;
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: op.url,
      schema: op.schema,
      config: {
        operationId: op.operationId,
        multipartOptions: { limits: { fileSize: UPLOAD_POLICIES[op.operationId]?.family.maxBytes ?? DEFAULT_FILE_BYTES } },
      },
      // Who may call is settled before any body is read (an upload by a refused caller is never stored).
      onRequest: async (request) => {
        request.caller = await authenticate(request);
        if (op.requiresAuth && !request.caller) throw new HttpError(401, 'Authentication required');
        if (op.roles && request.caller && !op.roles.includes(request.caller.role)) {
          throw new HttpError(403, 'Your role does not allow this');
        }
      },
      preValidation: async (request) => {
        if (validateMultipart) {
          if (!request.isMultipart()) throw new HttpError(415, 'Expected multipart/form-data');
          const fields = Object.fromEntries(
            Object.entries((request.body as Record<string, unknown>) ?? {}).filter(([, v]) => typeof v !== 'object' || v === null),
          );
          if (!validateMultipart(fields)) {
            throw new HttpError(400, 'Some fields are invalid', fieldErrors(validateMultipart.errors ?? []));
          }
        }
      },
      handler: async (request, reply) => {
        if (!handler) {
          return reply.code(501).send({ message: `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is not implemented yet` });
        }
        const result = await handler({
          app: ctx,
          caller: request.caller,
          params: (request.params ?? {}) as Record<string, unknown>,
          query: (request.query ?? {}) as Record<string, unknown>,
          headers: request.headers as Record<string, unknown>,
          body: request.body,
          request,
          reply,
        });
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

  for (const op of operations) register(op);

  app.get('/api/openapi.json', { schema: { hide: true } as never }, async () => document);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html').send(apiDocsHtml()));
  app.get('/api/docs/redoc.standalone.js', async (_req, reply) =>
    reply.type('application/javascript').header('cache-control', 'public, max-age=86400').send(createReadStream(REDOC_BUNDLE)),
  );
  app.get('/api/health', async () => ({ data: { status: 'ok' } }));

  // /uploads/<key>: from disk, or with the s3 driver streamed from the bucket (docs/storage.md).
  if (s3) await registerS3Uploads(app, s3, uploadsDir);
  else await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '1d' });
  if (config.webDir) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  return app;
}

/** The multipart schema minus file fields, which are checked by the handler (type, size). */
function withoutFiles(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  // A file is binary content; `contentMediaType: application/json` marks JSON text (e.g. `weeks`), a plain field.
  const isFile = (p: Record<string, unknown>) =>
    p.format === 'binary' || (p.contentMediaType !== undefined && p.contentMediaType !== 'application/json') || p.contentEncoding !== undefined;
  const fileKeys = Object.keys(props).filter((k) => isFile(props[k]));
  const properties = Object.fromEntries(Object.entries(props).filter(([k]) => !fileKeys.includes(k)));
  const required = ((schema.required ?? []) as string[]).filter((k) => !fileKeys.includes(k));
  return { ...schema, properties, required };
}

/** Lists the operations of the contract that have no handler yet (they answer 501). */
export async function unimplementedOperations(handlers: Handlers = allHandlers): Promise<OperationSpec[]> {
  const { operations } = await loadOperations();
  return operations.filter((op) => !handlers[op.operationId]);
}
