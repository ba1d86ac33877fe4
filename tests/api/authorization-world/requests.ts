import { multipart, type TestApp } from '../harness.js';
import { enroll } from '../course-fixtures.js';
import { hashInvitationToken } from '../../../server/modules/users/invitation-links.js';
import { hashWaitlistToken } from '../../../server/modules/courses/waitlist.js';
import type { People } from './people.js';
import { EMAIL, insertUser, MATRIX_NOW, ownerCall, type Person, pngPart, type World } from './shared.js';

/** Educator A's own things: a course picture upload (saveCourse needs one) and an external account; answers the upload's id. */
export async function educatorUploads(t: TestApp): Promise<number> {
  const picture = multipart({}, { picture: pngPart() });
  const educatorPictureId = (
    await ownerCall(t, 'educator', 'POST', '/api/courses/picture', picture.payload, picture.headers)
  ).id as number;
  await ownerCall(t, 'educator', 'POST', '/api/payments/accounts/external-account', {
    accountHolderName: 'Matrix Educator',
    country: 'US',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  return educatorPictureId;
}

/** The requests waiting for a decision: PENDING users (and a user to delete), and the companies' invitations. */
export async function pendingRequests(
  t: TestApp,
  { ids, companyA, companyB }: People,
): Promise<Pick<World, 'pendingUsers' | 'invitations'>> {
  const db = t.db;
  const pendingUsers = {
    approve: await insertUser(db, 'pending.approve@matrix.test', 'EDUCATOR', null, 'PENDING'),
    reject: await insertUser(db, 'pending.reject@matrix.test', 'PARTNER', companyB, 'PENDING'),
    remove: await insertUser(db, 'to.delete@matrix.test', 'LEARNER', companyB),
  };
  const invite = async (email: string, companyId: number, by: number, token: string) =>
    (
      await db
        .insertInto('invitations')
        .values({
          email,
          role: 'LEARNER',
          company_id: companyId,
          invited_by: by,
          token: hashInvitationToken(token),
          created_at: MATRIX_NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const invitations = {
    tokenUser: 'matrix-invitation-of-the-user-caller',
    withdrawA: await invite('withdraw.a@matrix.test', companyA, ids.partner, 'matrix-withdraw-a'),
    withdrawB: await invite('withdraw.b@matrix.test', companyB, ids.partnerB, 'matrix-withdraw-b'),
    resendA: await invite('resend.a@matrix.test', companyA, ids.partner, 'matrix-resend-a'),
    resendB: await invite('resend.b@matrix.test', companyB, ids.partnerB, 'matrix-resend-b'),
    memberA: await insertUser(db, 'member.remove.a@matrix.test', 'LEARNER', companyA),
    memberB: await insertUser(db, 'member.remove.b@matrix.test', 'LEARNER', companyB),
  };
  await invite(EMAIL.user, companyA, ids.partner, invitations.tokenUser);
  return { pendingUsers, invitations };
}

/**
 * What learners and guests have made: learning goals (Git) of the learners and the USER, the
 * caller learner's enrollment in `privA`, reviews, a guest's waitlist entry and a contact message.
 */
export async function learnersRecords(
  t: TestApp,
  { ids }: People,
  { A, B, O, privA }: Pick<World, 'A' | 'B' | 'O' | 'privA'>,
): Promise<Pick<World, 'learningGoals' | 'freshGoalSkill' | 'reviews' | 'waitlistToken' | 'contactMessageId'>> {
  const db = t.db;
  const skillId = async (name: string) =>
    (await db.selectFrom('skills').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const git = await skillId('Git');
  const learningGoals: World['learningGoals'] = {};
  for (const p of ['learner', 'user', 'learnerA2', 'learnerB', 'learnerO'] as Person[]) {
    learningGoals[p] = (
      await db
        .insertInto('learning_goals')
        .values({ user_id: ids[p], skill_id: git })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const freshGoalSkill = await skillId('Docker');
  await enroll(db, privA.session, ids.learner);
  const review = async (courseId: number, userId: number) =>
    (
      await db
        .insertInto('reviews')
        .values({ course_id: courseId, user_id: userId, rating_value: 4, content: 'A matrix review' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const reviews = {
    own: await review(privA.courseId, ids.learner),
    A2: await review(A.courseId, ids.learnerA2),
    B: await review(B.courseId, ids.learnerB),
    O: await review(O.courseId, ids.learnerO),
  };
  const waitlistToken = 'matrix-waitlist-confirmation-link';
  await db
    .insertInto('waitlist')
    .values({
      course_id: O.courseId,
      email: 'guest.waiting@matrix.test',
      user_id: null,
      token_hash: hashWaitlistToken(waitlistToken),
      token_sent_at: MATRIX_NOW,
    })
    .execute();
  const contactMessageId = (
    await db
      .insertInto('contact_messages')
      .values({ name: 'Matrix Guest', email: 'guest@matrix.test', subject: 'Hello', message: 'A question' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { learningGoals, freshGoalSkill, reviews, waitlistToken, contactMessageId };
}
