import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Language } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFound, unprocessable } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { mailLanguages } from '../../platform/mail/recipients.js';
import type { TenantScope } from '../../platform/tenancy.js';
import { assertVisible } from './catalog.js';
import { sessionSummaries } from './read-model.js';
import { OPEN_SESSION_STATUSES } from '../../platform/session-lifecycle.js';
import { waitlistConfirm, waitlistSeatFreed, waitlistSessionOpen } from './waitlist-mails.js';

/**
 * A course's waitlist (product.md#entities Waitlist, #calls `POST /courses/{id}/waitlist`, #messages
 * 'You are now on the waitlist!'; decisions.md Waitlist; docs/decisions.md "Waitlist").
 *
 * - A signed-in user joins with their own account address, confirmed at once.
 * - A guest's address is confirmed by a mailed link `${publicUrl}/waitlist/confirm/<token>`: 32
 *   random bytes (base64url); `waitlist.token_hash` holds its SHA-256, never the token (as the
 *   invitation links, users/invitations.ts). The link works for {@link WAITLIST_LINK_TTL_MS}.
 * - Confirmed addresses only are mailed, in their language (an account's `users.language`, else
 *   the language the guest chose), when a session of the course opens or a seat of an open session
 *   frees; `waitlist_notifications` makes each (event, address) mail at most once.
 */

/** A guest's confirmation link works for 72 hours after it was mailed. */
export const WAITLIST_LINK_TTL_MS = 72 * 3600 * 1000;

/** The contract's WaitlistEntry. */
export type WaitlistEntryView = Schema<'WaitlistEntry'>;

/** What joinWaitlist did: a signed-in user's entry (created or already there), or a guest's pending confirmation. */
export type JoinOutcome = { kind: 'entry'; created: boolean; entry: WaitlistEntryView } | { kind: 'pending' };

/** SHA-256 (hex) of a confirmation-link token: what `waitlist.token_hash` stores. */
export const hashWaitlistToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const lower = (email: string) => email.trim().toLowerCase();

function toView(row: {
  course_id: number;
  email: string;
  confirmed_at: Date | null;
  created_at: Date;
}): WaitlistEntryView {
  return {
    courseId: row.course_id,
    email: row.email,
    confirmed: row.confirmed_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * POST /courses/{id}/waitlist {email, language?}.
 * Signed-in caller: their own address only, confirmed at once (a guest's unconfirmed entry for the
 * same address becomes theirs and confirmed). Guest: the entry stays unconfirmed and a link is
 * mailed (again, with a new token, if it was already waiting); an address already confirmed is
 * not mailed, and the answer is the same either way (202) so it tells nothing about the list.
 * @throws 404 an unknown, unpublished or another company's private course (as getCourseInfo);
 *   422 'You can only put your own e-mail address (…) on a waitlist' (signed-in, another address).
 */
export async function joinWaitlist(
  app: AppContext,
  viewer: TenantScope,
  courseId: number,
  input: { email: string; language?: Language },
): Promise<JoinOutcome> {
  await assertVisible(app, viewer, courseId);
  const email = input.email.trim();
  if (viewer.userId !== null) {
    const own = await app.db
      .selectFrom('users')
      .select(['email', 'language'])
      .where('id', '=', viewer.userId)
      .executeTakeFirstOrThrow();
    if (lower(email) !== lower(own.email)) {
      throw unprocessable(`You can only put your own e-mail address (${own.email}) on a waitlist`, [
        { path: 'email', message: 'must be the address of your account' },
      ]);
    }
    const now = app.now();
    return app.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('waitlist')
        .values({
          course_id: courseId,
          email: own.email,
          user_id: viewer.userId,
          confirmed_at: now,
          language: own.language,
        })
        .onConflict((oc) => oc.expression(sql`course_id, lower(email)`).doNothing())
        .returning(['course_id', 'email', 'confirmed_at', 'created_at'])
        .executeTakeFirst();
      if (inserted) return { kind: 'entry' as const, created: true, entry: toView(inserted) };
      const existing = await trx
        .updateTable('waitlist')
        .set((eb) => ({ user_id: viewer.userId, confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`${now}`) }))
        .where('course_id', '=', courseId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', lower(own.email)))
        .returning(['course_id', 'email', 'confirmed_at', 'created_at'])
        .executeTakeFirstOrThrow();
      return { kind: 'entry' as const, created: false, entry: toView(existing) };
    });
  }

  const language: Language = input.language ?? 'en';
  const token = randomBytes(32).toString('base64url');
  const hash = hashWaitlistToken(token);
  const mailIt = await app.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('waitlist')
      .select(['confirmed_at'])
      .where('course_id', '=', courseId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', lower(email)))
      .forUpdate()
      .executeTakeFirst();
    if (existing?.confirmed_at) return false;
    if (existing) {
      await trx
        .updateTable('waitlist')
        .set({ token_hash: hash, token_sent_at: app.now(), language })
        .where('course_id', '=', courseId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', lower(email)))
        .execute();
    } else {
      await trx
        .insertInto('waitlist')
        .values({ course_id: courseId, email, user_id: null, token_hash: hash, token_sent_at: app.now(), language })
        .onConflict((oc) => oc.expression(sql`course_id, lower(email)`).doNothing())
        .execute();
    }
    return true;
  });
  if (mailIt) {
    const course = await app.db
      .selectFrom('courses')
      .select('title')
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();
    const url = `${app.config.publicUrl.replace(/\/$/, '')}/waitlist/confirm/${token}`;
    await app.mailer.sendTemplate(
      waitlistConfirm,
      { title: course.title, url, hours: WAITLIST_LINK_TTL_MS / 3600_000 },
      { email, language },
    );
  }
  return { kind: 'pending' };
}

/**
 * POST /waitlist/confirm/{token}: confirms the guest's entry of a mailed link. A link already used
 * answers the confirmed entry again.
 * @returns the entry with its course's title (the contract's WaitlistConfirmation).
 * @throws 404 'Waitlist link not found' (no entry has this token); 410 'This link has expired…'
 *   when it was mailed more than 72 hours ago and never used.
 */
export async function confirmWaitlist(app: AppContext, token: string): Promise<Schema<'WaitlistConfirmation'>> {
  return app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('waitlist as w')
      .innerJoin('courses as c', 'c.id', 'w.course_id')
      .select(['w.course_id', 'w.email', 'w.confirmed_at', 'w.created_at', 'w.token_sent_at', 'c.title'])
      .where('w.token_hash', '=', hashWaitlistToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Waitlist link');
    if (row.confirmed_at) return { ...toView(row), courseTitle: row.title };
    const sentAt = row.token_sent_at ?? row.created_at;
    if (sentAt.getTime() + WAITLIST_LINK_TTL_MS <= app.now().getTime()) {
      throw new HttpError(410, 'This link has expired: join the waitlist again to get a new one');
    }
    const confirmedAt = app.now();
    await trx
      .updateTable('waitlist')
      .set({ confirmed_at: confirmedAt })
      .where('course_id', '=', row.course_id)
      .where('token_hash', '=', hashWaitlistToken(token))
      .execute();
    return { ...toView({ ...row, confirmed_at: confirmedAt }), courseTitle: row.title };
  });
}

/**
 * Something a course's waitlist hears about: a session approved (`session-open`), or a seat of an
 * open session freed (`seat-freed`, with `cause` naming the one event, e.g. `intent:<id>`).
 */
export type WaitlistEvent =
  | { kind: 'session-open'; sessionId: number }
  | { kind: 'seat-freed'; sessionId: number; cause: string };

/**
 * Mails the confirmed waitlist of the event's course, each address once per event (recorded in
 * `waitlist_notifications` first, so a repeated call or a second server mails nobody twice).
 * Unconfirmed guest addresses are never mailed; nor are learners already enrolled in the session.
 * A seat freed in a session that is no longer open, or has no seat left after all, mails nobody.
 * Call it after the transaction that caused the event has committed; a failed mail is logged.
 * @returns how many addresses were mailed.
 */
export async function notifyWaitlist(
  app: Pick<AppContext, 'db' | 'mailer' | 'config' | 'log' | 'now'>,
  event: WaitlistEvent,
): Promise<number> {
  const session = await app.db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select([
      's.id',
      's.course_id',
      's.status',
      's.deleted_at',
      'c.title',
      sql<boolean>`s.end_date >= current_date`.as('not_ended'),
    ])
    .where('s.id', '=', event.sessionId)
    .executeTakeFirst();
  if (
    !session ||
    session.deleted_at ||
    !session.not_ended ||
    !(OPEN_SESSION_STATUSES as readonly string[]).includes(session.status)
  )
    return 0;
  if (event.kind === 'seat-freed') {
    const [summary] = await sessionSummaries(app.db, [session.id], app.now());
    if (!summary || summary.seatsLeft <= 0) return 0;
  }
  const key = event.kind === 'session-open' ? `session-open:${session.id}` : `seat-freed:${session.id}:${event.cause}`;
  const waiting = await app.db
    .selectFrom('waitlist as w')
    .select(['w.email', 'w.language'])
    .where('w.course_id', '=', session.course_id)
    .where('w.confirmed_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('enrollments as e')
            .innerJoin('users as u', 'u.id', 'e.user_id')
            .select('e.id')
            .where('e.session_id', '=', session.id)
            .where('e.status', '=', 'ACTIVE')
            .whereRef(sql`lower(u.email)`, '=', sql`lower(w.email)`),
        ),
      ),
    )
    .execute();
  if (waiting.length === 0) return 0;
  const claimed = await app.db
    .insertInto('waitlist_notifications')
    .values(
      waiting.map((w) => ({ event: key, email: lower(w.email), course_id: session.course_id, session_id: session.id })),
    )
    .onConflict((oc) => oc.columns(['event', 'email']).doNothing())
    .returning('email')
    .execute();
  const mine = new Set(claimed.map((c) => c.email));
  const recipients = waiting.filter((w) => mine.has(lower(w.email)));
  if (recipients.length === 0) return 0;
  await app.db
    .updateTable('waitlist')
    .set({ notified_at: app.now() })
    .where('course_id', '=', session.course_id)
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', [...mine]))
    .execute();
  const accounts = await mailLanguages(
    app.db,
    recipients.map((r) => r.email),
  );
  const template = event.kind === 'session-open' ? waitlistSessionOpen : waitlistSeatFreed;
  const url = `${app.config.publicUrl.replace(/\/$/, '')}/sessions/${session.id}`;
  for (const r of recipients) {
    await app.mailer
      .sendTemplate(
        template,
        { title: session.title, url },
        { email: r.email, language: accounts.get(r.email) ?? r.language },
      )
      .catch((err) => app.log.error({ err, event: key }, 'waitlist mail failed'));
  }
  return recipients.length;
}
