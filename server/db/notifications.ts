import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { notificationSourceOf } from './database.js';
import type { Database } from './types.js';

/**
 * PostgreSQL notifications (LISTEN/NOTIFY) between the server instances that share one database
 * (architecture.md "Scale-out"): a writer calls {@link notify} inside its transaction, so the notification
 * leaves only when the transaction commits; every instance's {@link Notifications} hears it.
 * - PostgreSQL: one dedicated `pg.Client` per instance (never a pooled connection, which LISTEN would
 *   pin), opened on the first subscription, reconnected with backoff (1 s doubling to 30 s) when the
 *   connection is lost (a server restart, failover, `pg_terminate_backend`). PostgreSQL does not
 *   replay what was notified meanwhile: once listening again, each subscription's `onResume` hears
 *   when the loss was noticed, and re-reads from its tables what it may have missed.
 * - PGlite: the embedded database's own in-process LISTEN.
 * Channel names carry the database schema, so the API tests' schemas in one database never hear
 * each other. Payloads are at most 8000 bytes (PostgreSQL's limit): send ids, not contents.
 */
export interface Notifications {
  /** The channel name for a logical channel (e.g. 'chat' → 'halaqa_public_chat'). */
  channel(name: string): string;
  /**
   * Calls `onPayload` with the payload of every notification on the logical channel `name`, and
   * `onResume` (PostgreSQL only) each time the dedicated connection listens again after it was lost,
   * with the moment (this server's clock) the loss was noticed: notifications sent in between are
   * lost, so the subscriber re-reads what changed since then.
   * @returns a function that stops it.
   * @throws when the dedicated PostgreSQL connection cannot be opened.
   */
  subscribe(
    name: string,
    onPayload: (payload: string) => void,
    onResume?: (lostAt: Date) => void,
  ): Promise<() => Promise<void>>;
  /** Stops every subscription and closes the dedicated connection (app shutdown). */
  close(): Promise<void>;
}

/**
 * Sends `payload` on the logical channel `name` through `db` (a transaction: delivered at commit).
 * Works on PostgreSQL and PGlite (`pg_notify`).
 */
export async function notify(
  db: Kysely<Database>,
  notifications: Notifications,
  name: string,
  payload: string,
): Promise<void> {
  await sql`select pg_notify(${notifications.channel(name)}, ${payload})`.execute(db);
}

const channelName = (schema: string, name: string) =>
  `halaqa_${schema}_${name}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The notifications of a database opened by `openDatabase` (nothing is connected until the first
 * subscription). `onError` hears lost PostgreSQL connections (logged by the app).
 * @throws when `db` was not opened by `openDatabase`.
 */
export function openNotifications(db: Kysely<Database>, onError: (err: unknown) => void = () => {}): Notifications {
  const source = notificationSourceOf(db);
  if (!source) throw new Error('openNotifications needs a database opened by openDatabase');
  if (source.kind === 'pglite') {
    const client = source.client;
    const stops = new Set<() => Promise<void>>();
    return {
      channel: (name) => channelName('public', name),
      async subscribe(name, onPayload) {
        const unlisten = await client.listen(channelName('public', name), onPayload);
        const stop = async () => {
          if (!stops.delete(stop)) return;
          if (!client.closed) await unlisten();
        };
        stops.add(stop);
        return stop;
      },
      async close() {
        await Promise.all([...stops].map((stop) => stop()));
      },
    };
  }
  return new PostgresListener(source.url, source.schema, onError);
}

/** The PostgreSQL side of {@link openNotifications}: one dedicated client, reconnected when lost. */
class PostgresListener implements Notifications {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly resumers = new Set<(lostAt: Date) => void>();
  /** When the open connection was lost, until a new one listens again. */
  private lostAt: Date | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs = 1000;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  channel(name: string): string {
    return channelName(this.schema, name);
  }

  async subscribe(
    name: string,
    onPayload: (payload: string) => void,
    onResume?: (lostAt: Date) => void,
  ): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('notifications closed');
    const channel = this.channel(name);
    let set = this.handlers.get(channel);
    const fresh = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    // A copy per subscription, so one function given twice is removed once per stop.
    const resume = onResume ? (lostAt: Date) => onResume(lostAt) : null;
    if (resume) this.resumers.add(resume);
    const client = await this.connected();
    if (fresh && this.client === client) await client.query(`listen ${quoteIdent(channel)}`);
    return async () => {
      if (resume) this.resumers.delete(resume);
      const handlers = this.handlers.get(channel);
      if (!handlers?.delete(onPayload) || handlers.size > 0) return;
      this.handlers.delete(channel);
      await this.client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.handlers.clear();
    this.resumers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** The open client, connecting (and listening on every channel) when there is none. */
  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      for (const handler of this.handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    client.on('error', (err) => {
      this.onError(err);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('notifications closed');
    }
    this.client = client;
    this.retryDelayMs = 1000;
    const lostAt = this.lostAt;
    this.lostAt = null;
    if (lostAt) {
      for (const resume of this.resumers) {
        try {
          resume(lostAt);
        } catch (err) {
          this.onError(err);
        }
      }
    }
    return client;
  }

  /** The connection ended without close(): reconnect after a delay doubling up to 30 s. */
  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.lostAt ??= new Date();
    const retry = () => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connected().catch((err) => {
        this.onError(err);
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
        this.retryTimer = setTimeout(retry, this.retryDelayMs);
        this.retryTimer.unref();
      });
    };
    this.retryTimer = setTimeout(retry, this.retryDelayMs);
    this.retryTimer.unref();
  }
}
