import type { Kysely } from 'kysely';
import type { Database } from '../types.js';
import { DEMO_CLASSROOM_COURSE, DEMO_CLASSROOM_LEARNER, DEMO_COURSES } from './demo-courses.js';
import { extraLearner } from './demo-users.js';

/**
 * Chat history of the running "Data Structures and Algorithms" session:
 * a short conversation between its educator and learners over the two days before `before`, so the
 * classroom's chat is alive on a fresh `npm start`. Plain text, as typed (docs/classroom.md
 * "Session chat"). Course chat is not translated (written in the course's language, English).
 */
const CONVERSATION: { by: string; minutesAgo: number; text: string }[] = [
  {
    by: 'educator@halaqa.test',
    minutesAgo: 2 * 24 * 60 + 30,
    text: 'Welcome to week 3! This week is all about hashing. Ask your questions here any time.',
  },
  {
    by: extraLearner(11),
    minutesAgo: 2 * 24 * 60 + 12,
    text: 'Is the programming lab graded on every test, or only the hidden ones?',
  },
  {
    by: 'educator@halaqa.test',
    minutesAgo: 2 * 24 * 60 + 5,
    text: 'On every test: each passing test earns its share of the points.',
  },
  {
    by: DEMO_CLASSROOM_LEARNER,
    minutesAgo: 26 * 60,
    text: 'Why does open addressing slow down so much when the table gets full?',
  },
  {
    by: extraLearner(15),
    minutesAgo: 25 * 60 + 40,
    text: 'Probe sequences get longer: with a load factor near 1 almost every bucket is taken.',
  },
  {
    by: 'educator@halaqa.test',
    minutesAgo: 25 * 60 + 20,
    text: 'Exactly. That is why we resize at a load factor of about 0.7. We will measure it in the live class.',
  },
  { by: DEMO_CLASSROOM_LEARNER, minutesAgo: 95, text: 'Thanks! See you at the live class.' },
];

/**
 * Inserts {@link CONVERSATION} into the chat of the classroom demo course's session running at
 * `before` (the first one when several do). Does nothing when none runs then.
 */
export async function seedChatHistory(db: Kysely<Database>, before: Date): Promise<number> {
  const title = DEMO_COURSES.find((c) => c.slug === DEMO_CLASSROOM_COURSE)?.title ?? '';
  const day = before.toISOString().slice(0, 10);
  const session = await db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select('s.id')
    .where('c.title', '=', title)
    .where('s.start_date', '<=', day)
    .where('s.end_date', '>=', day)
    .orderBy('s.id')
    .executeTakeFirst();
  if (!session) return 0;
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'in', [...new Set(CONVERSATION.map((m) => m.by))])
        .execute()
    ).map((u) => [u.email, u.id]),
  );
  const rows = CONVERSATION.filter((m) => users.has(m.by)).map((m) => ({
    session_id: session.id,
    user_id: users.get(m.by)!,
    body: m.text,
    created_at: new Date(before.getTime() - m.minutesAgo * 60_000),
  }));
  if (rows.length) await db.insertInto('chat_messages').values(rows).execute();
  return rows.length;
}
