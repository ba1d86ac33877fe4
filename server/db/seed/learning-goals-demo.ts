import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

/**
 * Demo learning goals: learner@halaqa.test wants three skills, so that the
 * "Learning goals" page (/account/learning-goals) shows each case on a fresh start:
 * - Algorithms: taught by Data Structures and Algorithms, whose running session the learner attends
 *   (in its third week on the seeding day): progress under way;
 * - React: achieved, by the finished cohort of React and TypeScript: Building Production Web Apps
 *   that the learner completed (and holds the certificate of: certificates-demo.ts);
 * - Python: no enrollment, suggested the two Python courses (English and Arabic).
 * Created a few days before the seeding day, oldest first in the list.
 */
export const DEMO_LEARNING_GOALS: { email: string; skills: string[] } = {
  email: 'learner@halaqa.test',
  skills: ['Algorithms', 'React', 'Python'],
};

/**
 * Inserts {@link DEMO_LEARNING_GOALS} (one insert); `today` is the seeding day 'YYYY-MM-DD'.
 * @throws when the learner or a skill is missing from the demo data.
 */
export async function seedLearningGoals(db: Kysely<Database>, today: string): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_LEARNING_GOALS.email)
    .executeTakeFirstOrThrow();
  const skills = await db
    .selectFrom('skills')
    .select(['id', 'name'])
    .where('name', 'in', DEMO_LEARNING_GOALS.skills)
    .execute();
  const rows = DEMO_LEARNING_GOALS.skills.map((name, i) => {
    const skill = skills.find((s) => s.name === name);
    if (!skill) throw new Error(`Demo data: unknown skill "${name}"`);
    const created = new Date(`${today}T09:00:00.000Z`);
    created.setUTCDate(created.getUTCDate() - 10 + i);
    return { user_id: user.id, skill_id: skill.id, created_at: created.toISOString() };
  });
  await db.insertInto('learning_goals').values(rows).execute();
  return rows.length;
}
