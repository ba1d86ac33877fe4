import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database, Role, UserStatus } from '../db/types.js';
import type { Mailer } from './mailer.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { FileStorage } from './storage.js';
import type { TokenService } from './tokens.js';

/** Who is calling: read from the bearer token and checked against the users table on every request. */
export interface Caller {
  userId: number;
  role: Role;
  status: UserStatus;
  /** Company (tenant) the caller belongs to, or null. */
  companyId: number | null;
  /** true when the request says `X-Auth-Legacy: 0` (federated sign-in). */
  federated: boolean;
}

/** Shared services handed to every handler and service. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  tokens: TokenService;
  log: FastifyBaseLogger;
  /** Uploaded files (disk by default). */
  storage: FileStorage;
  /** Outgoing mail (.eml outbox by default). */
  mailer: Mailer;
  /** Card payments and payouts (sandbox by default). */
  gateway: PaymentGateway;
  /**
   * The current instant, for rules that depend on the time (join windows, next meeting). The wall
   * clock by default; tests pass a fixed clock through `buildApp({ now })`.
   */
  now(): Date;
}

/** What a handler receives: validated input (by the contract's schemas) and the caller. */
export interface HandlerInput {
  app: AppContext;
  caller: Caller | null;
  params: Record<string, any>;
  query: Record<string, any>;
  headers: Record<string, any>;
  body: any;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler's JSON answer: the `data` of the `{ data }` envelope and the status (default 200). */
export interface JsonHandlerResult {
  status?: number;
  data: unknown;
}

/**
 * A handler's non-JSON answer (e.g. `text/calendar`): `raw` is sent as the body unchanged (no
 * envelope, no response-schema serialization) with `contentType` as Content-Type, the extra
 * `headers` (e.g. Content-Disposition) and the status (default 200).
 */
export interface RawHandlerResult {
  status?: number;
  raw: string | Buffer;
  contentType: string;
  headers?: Record<string, string>;
}

/** What a handler answers: JSON in the `{ data }` envelope, or a raw body (see {@link RawHandlerResult}). */
export type HandlerResult = JsonHandlerResult | RawHandlerResult;

/** Implements one operationId of openapi/halaqa.yaml. */
export type Handler = (input: HandlerInput) => Promise<HandlerResult>;
export type Handlers = Record<string, Handler>;

/** Narrows an authenticated caller (the registrar already answered 401 when it is missing). */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw Object.assign(new Error('Authentication required'), { statusCode: 401 });
  return caller;
}
