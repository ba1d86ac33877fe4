import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Notifications } from '../db/notifications.js';
import type { Database, Role, UserStatus } from '../db/types.js';
import type { FederatedDirectories } from './identity/oidc-client.js';
import type { IdleQueue } from './idle-queue.js';
import type { Mailer } from './mailer.js';
import type { AppMetrics } from './metrics.js';
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
  /** The sign-in session of the request's token (`auth_sessions.id`); absent for callers not made from a request. */
  sessionId?: string;
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
  /**
   * Payment receipts to mail, by payment intent id: enqueued once a payment committed, mailed at
   * the server's next quiet moment (within 10 s under load), after the answer (payments/mails.ts).
   */
  receipts: IdleQueue<string>;
  /**
   * Invitation mails to send, by invitation id: enqueued once an invitation (or its resend)
   * committed with `invitations.mailed_at` null, mailed at the server's next quiet moment, after
   * the answer (users/invitations.ts `mailInvitation`); the periodic jobs mail what a crash left.
   */
  invitationMails: IdleQueue<number>;
  /** Card payments and payouts (sandbox by default). */
  gateway: PaymentGateway;
  /** MA and QA single sign-on: the OpenID Connect relying party (server/platform/identity). */
  federation: FederatedDirectories;
  /** PostgreSQL LISTEN/NOTIFY between the instances on one database (in-process on PGlite): the session chat. */
  notifications: Notifications;
  /** This app's Prometheus metrics (payments, mails, chat sockets…), served at GET /metrics. */
  metrics: AppMetrics;
  /**
   * The current instant, for rules that depend on the time (join windows, next meeting). The wall
   * clock by default; tests pass a fixed clock through `buildApp({ now })`.
   */
  now(): Date;
}
