import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { Ajv, type Options as AjvOptions } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { DatabaseUnavailableError } from './db/database.js';
import { databasePoolStats, onConnectionError, onConnectionWait } from './db/connection-events.js';
import { openNotifications } from './db/notifications.js';
import type { Database } from './db/types.js';
import { registerChatSocket } from './modules/classroom/chat-socket.js';
import { registerPublicPages } from './modules/pages/service.js';
import { allHandlers } from './modules/index.js';
import { MAX_UPLOAD_BYTES, UPLOAD_POLICIES } from './modules/uploads/policy.js';
import { registerPrivateUploads, UploadSigner } from './platform/upload-access.js';
import { REDOC_BUNDLE, apiDocsHtml } from './platform/api-docs.js';
import type { AppContext } from './platform/context.js';
import { HttpError, isClientDataError } from './platform/errors.js';
import { COMPRESSIBLE_TYPES, COMPRESS_THRESHOLD_BYTES, staticCacheControl } from './platform/http-compression.js';
import {
  appCspDirectives,
  pageCsp,
  secretPathPatterns,
  serializeRequest,
  type SecretPath,
} from './platform/http-security.js';
import type { HandlerTable, OperationId, TempFile } from './platform/handlers.js';
import { Mailer } from './platform/mailer.js';
import { AppMetrics, registerMetricsRoute } from './platform/metrics.js';
import { registerRequestIds, requestIdGenerator, requestIdMixin } from './platform/request-id.js';
import { IdleQueue } from './platform/idle-queue.js';
import { mailPaymentReceipt } from './modules/payments/mails.js';
import { mailInvitation } from './modules/users/invitation-mails.js';
import { loadOperations, type OperationSpec } from './platform/openapi.js';
import { fieldErrors, registerOperations } from './platform/routes.js';
import { registerRateLimits } from './platform/rate-limits.js';
import type { PaymentGateway } from './platform/payments/gateway.js';
import { gatewayFor } from './platform/payments/select.js';
import { closeSandboxPool } from './platform/sandbox/index.js';
import { prepareGracefulClose } from './platform/shutdown.js';
import { redirectToConfiguredLocalOrigin } from './platform/local-origin.js';
import { DiskStorage, type FileStorage } from './platform/storage.js';
import { TokenService } from './platform/tokens.js';
import { mountBuiltInIdentityProviders } from './platform/identity/dev-idp.js';
import { FederatedDirectories } from './platform/identity/oidc-client.js';
import { parseJsonKeepingRawBody } from './platform/raw-json.js';
import { injectFetch } from './platform/identity/inject-fetch.js';
import { removeLeftoverTempFiles } from './platform/upload-temp-files.js';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Replace or add handlers (tests); defaults to every module's handlers. */
  handlers?: HandlerTable;
  /** Payment gateway; defaults to the sandbox. */
  gateway?: PaymentGateway;
  /** Pino logger options; false silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The clock handed to handlers as `AppContext.now` (tests fix the time); defaults to the wall clock. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Temporary files of this request's multipart parts, removed when the response is sent. */
    tempFiles: string[] | null;
    /** The raw text of a JSON body (for webhook signatures). */
    rawBody: string | null;
  }
  interface FastifyInstance {
    /**
     * Resolves once the work the app does after its answers (the receipts' and invitations' mails,
     * AppContext.receipts and invitationMails) has run: for tests that read what a call caused.
     */
    backgroundSettled(): Promise<void>;
    /** The app's Prometheus metrics (AppContext.metrics): main.ts hands them to the periodic jobs. */
    metrics: AppMetrics;
  }
}

/** Largest file of a multipart operation that is not an upload (sign-up, course form, submissions, invites). */
const DEFAULT_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Builds the HTTP application: every operation of openapi/halaqa.yaml under /api (validated and
 * serialized with its schemas; 501 where no handler exists yet), the API reference at /api/docs,
 * uploaded files at /uploads and the built SPA at / (with history fallback).
 * Used by server/main.ts and by the tests (`app.inject`).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // Request logs never carry a `?token=` value nor a token path segment (server/platform/http-security.ts);
  // the token paths are read from the contract below, before the first request. Every line logged
  // while a request is handled carries its id (`reqId`, server/platform/request-id.ts).
  let secretPaths: SecretPath[] = [];
  const logger =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          ...(typeof options.logger === 'object' ? options.logger : {}),
          mixin: requestIdMixin,
          serializers: { req: (req: FastifyRequest) => serializeRequest(req, secretPaths) },
        };
  const app = Fastify({
    logger,
    // TRUST_PROXY: only the listed proxies' X-Forwarded-For sets `request.ip` (the per-IP limits' key),
    // and only their X-Request-Id becomes the request's id (else a new UUID).
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Closing (server/platform/shutdown.ts): idle keep-alive connections are closed at once; a
    // request routed once closing has begun is answered 503 with `Connection: close` (Fastify's defaults, kept on purpose).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  registerRequestIds(app);
  // Path, query and header values are text: coerced to the contract's types. JSON bodies are
  // already typed: never coerced (coercion turned `{price: null}` into 0, `""` into 0, `true` into 1).
  // multipleOfPrecision: `multipleOf: 0.01` holds for 0.29 despite binary floating point.
  const ajvOptions: AjvOptions = {
    removeAdditional: false,
    strict: false,
    useDefaults: true,
    multipleOfPrecision: 9,
    addUsedSchema: false,
  };
  const textAjv = new Ajv({ ...ajvOptions, coerceTypes: 'array' });
  const bodyAjv = new Ajv({ ...ajvOptions, coerceTypes: false });
  addFormats.default(textAjv);
  addFormats.default(bodyAjv);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  const tokens = new TokenService(config.jwtSecret, config.jwtTtlSeconds);
  const uploadsDir = join(config.dataDir, 'uploads');
  const tmpDir = join(config.dataDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  mkdirSync(uploadsDir, { recursive: true });
  await removeLeftoverTempFiles(tmpDir, { exclusive: config.databaseUrl === null });
  // STORAGE_DRIVER (server/config.ts): an S3 bucket is checked now so a wrong setting stops the start.
  // The AWS SDK (over a second to load) is only loaded for the s3 driver.
  const s3Module = config.storage.driver === 's3' ? await import('./platform/storage-s3.js') : null;
  const s3 = s3Module && config.storage.driver === 's3' ? new s3Module.S3Storage(config.storage) : null;
  if (s3) {
    try {
      await s3.checkBucket();
    } catch (err) {
      s3.close();
      throw err;
    }
  }
  const storage: FileStorage = s3 ?? new DiskStorage(uploadsDir);
  // Lost PostgreSQL connections are logged, never fatal (the pool opens new ones).
  const stopConnectionLog = onConnectionError(db, (err) => app.log.warn({ err }, 'database connection lost'));
  app.addHook('onClose', async () => stopConnectionLog());
  const metrics = new AppMetrics({
    pool: () => databasePoolStats(db),
    queues: { receipts: () => ctx.receipts.size, invitations: () => ctx.invitationMails.size },
  });
  const stopConnectionWaits = onConnectionWait(db, (seconds) => metrics.connectionWaited(seconds));
  app.addHook('onClose', async () => stopConnectionWaits());
  app.decorate('metrics', metrics);
  const ctx: AppContext = {
    db,
    config,
    tokens,
    log: app.log,
    storage,
    mailer: new Mailer(db, join(config.dataDir, 'outbox'), config.smtpUrl, metrics),
    receipts: new IdleQueue<string>(
      async (intentId) => void (await mailPaymentReceipt(ctx, intentId)),
      (err, intentId) => app.log.error({ err, intent: intentId }, 'mailing a payment receipt failed'),
    ),
    invitationMails: new IdleQueue<number>(
      async (invitationId) => void (await mailInvitation(ctx, invitationId)),
      (err, invitationId) => app.log.error({ err, invitationId }, 'mailing an invitation failed'),
    ),
    gateway: options.gateway ?? (await gatewayFor(config)),
    federation: new FederatedDirectories(config.federation, injectFetch(app)),
    // LISTEN/NOTIFY on a dedicated connection (PostgreSQL) or in process (PGlite); nothing opens until the chat's first socket.
    notifications: openNotifications(db, (err) => app.log.warn({ err }, 'notification connection lost; reconnecting')),
    now: options.now ?? (() => new Date()),
    metrics,
  };

  // The grading sandbox's worker threads (server/platform/sandbox) end with the app, so the
  // server and the test runs exit cleanly; the pool is per process and restarts on its next use.
  app.addHook('onClose', async () => {
    await closeSandboxPool();
  });
  app.decorate('backgroundSettled', async () => {
    await Promise.all([ctx.receipts.settled(), ctx.invitationMails.settled()]);
  });
  // Receipts and invitations still waiting are mailed before the database closes (the jobs mail any left by a crash).
  app.addHook('onClose', async () => {
    await Promise.all([ctx.receipts.flush(), ctx.invitationMails.flush()]);
  });
  // The dedicated LISTEN connection closes with the app (whichever of this and the chat's own hook runs first).
  app.addHook('onClose', async () => {
    await ctx.notifications.close();
  });

  parseJsonKeepingRawBody(app);
  const handlers = { ...allHandlers, ...(options.handlers ?? {}) };
  const { document, operations } = await loadOperations();
  secretPaths = secretPathPatterns(operations.map((o) => o.path));

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
      try {
        await pipeline(part.file, createWriteStream(tempPath));
      } catch (err) {
        // Cut off (client gone, too large): the partial file goes now, whatever happens to the reply.
        await rm(tempPath, { force: true });
        throw err;
      }
      const value: TempFile = { tempPath, filename: part.filename, mimetype: part.mimetype, sizeBytes };
      (part as unknown as { value: TempFile }).value = value;
    },
  });

  app.decorateRequest('tempFiles', null);
  app.decorateRequest('rawBody', null);
  const removeTempFiles = async (request: { tempFiles: string[] | null }) => {
    if (request.tempFiles) await Promise.all(request.tempFiles.map((f) => rm(f, { force: true })));
  };
  app.addHook('onResponse', removeTempFiles);
  // An aborted request never reaches onResponse: its partial files go when the client leaves.
  app.addHook('onRequestAbort', removeTempFiles);

  // Security headers on every answer: CSP without inline script, nosniff, no framing, no referrer;
  // HSTS only when the app is reached over https (PUBLIC_URL).
  const https = config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });

  // A local install is used at PUBLIC_URL's host name only: pages asked for at another loopback
  // name (127.0.0.1 for localhost) move there first, where single sign-on's cookies live.
  redirectToConfiguredLocalOrigin(app, config.publicUrl);

  // Private uploads (résumés, signatures, lesson files, submissions): signed links only, never
  // cached; /api answers sign the links they show (docs/storage.md "Private files"). Before compression.
  registerPrivateUploads(app, new UploadSigner(config.jwtSecret, () => ctx.now()));

  // Compression: JSON, HTML, JS, CSS and other text answers of 1 kB or more in Brotli or
  // gzip, as the client accepts; never event streams, binary files or partial content (Range).
  // The SPA's files are compressed at build time instead (preCompressed below). Request bodies are
  // not decompressed (bodies arrive as sent: JSON, multipart uploads, signed webhooks).
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply
        .code(400)
        .send({ message: 'Some fields are invalid', errors: fieldErrors(error.validation, error.validationContext) });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const policy =
        UPLOAD_POLICIES[
          String((request.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? '')
        ];
      return reply
        .code(413)
        .send({ message: `File size must be less than ${policy ? policy.family.maxLabel : '20 MB'}` });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    // Safety net behind the edge's bounds: a value PostgreSQL cannot store or cast (out of range,
    // not a number, NUL) is the caller's mistake, never a 500 (server/platform/errors.ts).
    if (isClientDataError(error)) {
      request.log.warn(
        { err: error, operationId: (request.routeOptions.config as { operationId?: string } | undefined)?.operationId },
        'database refused a value',
      );
      return reply.code(400).send({ message: 'Some fields are invalid' });
    }
    // The database cannot be reached or a connection was lost mid-call (server/db/database.ts): a
    // clean 503 the client may retry; the call's transaction was rolled back with its connection.
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ message: 'The database is unavailable; please try again in a moment' });
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
    // A missing upload is a 404, never the SPA's page.
    if (request.url.startsWith('/uploads/') || request.url.split('?')[0] === '/uploads') {
      return reply.code(404).send({ message: 'No such file' });
    }
    if (request.method === 'GET' && config.webDir && existsSync(join(config.webDir, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html', config.webDir);
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  // Sign-in protection: limits per IP and per account on the public account operations.
  await registerRateLimits(app, config.rateLimits, db);
  // The built-in development identity provider (/idp/ma, /idp/qa) when a directory has no issuer configured.
  await mountBuiltInIdentityProviders(app, config);

  registerOperations(app, operations, {
    ctx,
    handlers,
    fileLimitFor: (operationId) => UPLOAD_POLICIES[operationId]?.family.maxBytes ?? DEFAULT_FILE_BYTES,
  });

  // Chat sockets closed with 1001 and keep-alive connections ended as the app closes: before the WebSocket plugin.
  prepareGracefulClose(app);
  // The session chat's WebSocket (docs/classroom.md "Session chat"); ws frames of at most 64 KiB.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerChatSocket(app, ctx, { recheckMs: config.chatRecheckSeconds * 1000 });
  // Course and session pages with their own head, the sitemap and robots.txt (modules/pages).
  await registerPublicPages(app, ctx, config.webDir);

  // Prometheus's scrape (server/platform/metrics.ts): this machine only unless METRICS_TOKEN is set.
  registerMetricsRoute(app, metrics, config.metricsToken);

  app.get('/api/openapi.json', { schema: { hide: true } as never }, async () => document);
  // Redoc starts from an inline script: the reference page allows that one script by its hash.
  const docsHtml = apiDocsHtml();
  const docsCsp = pageCsp(docsHtml, https);
  app.get('/api/docs', async (_req, reply) =>
    reply.type('text/html').header('content-security-policy', docsCsp).send(docsHtml),
  );
  app.get('/api/docs/redoc.standalone.js', async (_req, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(REDOC_BUNDLE)),
  );

  // /uploads/<key>: from disk, or with the s3 driver streamed from the bucket (docs/storage.md).
  if (s3Module && s3) await s3Module.registerS3Uploads(app, s3, uploadsDir);
  else await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '1d' });
  if (config.webDir) {
    // Each file of the build has .br and .gz twins (scripts/vite-precompress.ts): sent as such
    // to clients that accept them (Content-Encoding, Vary: Accept-Encoding).
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        res.header('cache-control', staticCacheControl(path));
      },
    });
  }
  return app;
}

/** Lists the operations of the contract that have no handler yet (they answer 501). */
export async function unimplementedOperations(handlers: HandlerTable = allHandlers): Promise<OperationSpec[]> {
  const { operations } = await loadOperations();
  return operations.filter((op) => !handlers[op.operationId as OperationId]);
}
