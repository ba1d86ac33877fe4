import type { ColumnType, Generated, Selectable } from 'kysely';
import type { components } from '../../openapi/schema.js';

/** Kysely table types, matching server/db/migrations. Money columns are integer cents (USD). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are read as 'YYYY-MM-DD' strings (see the type parsers in database.ts). */
type DateOnly = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

/** The roles of the product, as the contract lists them (the `users.role` column holds one). */
export type Role = components['schemas']['Role'];
export type UserStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'DELETED';
export type CompanyStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
/** The product's languages (product.md#overview); also the mail languages. */
export type Language = 'en' | 'ar';
export type Difficulty = 'BEGINNER' | 'INTERMEDIATE' | 'ADVANCED';
export type CourseStatus = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'PUBLISHED' | 'UNPUBLISHED';
export type SessionStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'ACTIVE' | 'EXPIRED';
export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
/** Start and end of a weekly slot as 'HH:mm' in the session's time zone. */
export interface WeekSlot {
  start: string;
  end: string;
}
/** Per weekday a slot or null (product.md#entities "Weeks per weekday"). */
export type Weeks = Record<Weekday, WeekSlot | null>;
export type LedgerAccount = 'WALLET' | 'EARNINGS' | 'PLATFORM_FEES' | 'FUNDING' | 'PAYOUTS';

export interface CompanySettingsJson {
  style: { primaryColor: string; secondaryColor: string; tertiaryColor: string };
  links: Record<string, string>;
  logo: string | null;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  acronym: string;
  settings: Json<CompanySettingsJson>;
  /** A company that signed up waits for an admin (migration 0007). */
  status: ColumnType<CompanyStatus, CompanyStatus | undefined, CompanyStatus>;
  /** Language of mails to people with no account yet, e.g. invitees. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** The phone number given at company sign-up (migration 0008), or null. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}
/** A password-reset request (migration 0012): only the token's SHA-256 is stored; 1 hour, single use. */
export interface PasswordResetsTable {
  id: Generated<number>;
  /** null when the address had no account (recorded so both cases do the same work; never usable) */
  user_id: number | null;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  company_id: number | null;
  picture_url: string | null;
  /** Language of the mails the user receives (migration 0007). */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Carried by access tokens (claim `tv`); a password change or reset increments it (migration 0012). */
  token_version: ColumnType<number, number | undefined, number>;
  /** When the address was proven the owner's (migration 0025); null: a self-service sign-up not yet verified. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}
/** A federated authorization request under way (migration 0013): single use, 10 minutes. */
export interface FederatedLoginsTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  browser_hash: string;
  redirect: string | null;
  created_at: Timestamp;
}
/** A directory subject provisioned as a Halaqa user (migration 0013). */
export interface FederatedIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: Timestamp;
}
/** One federated sign-in: hashed hand-off code and refresh token, the provider's tokens (migration 0013). */
export interface FederatedSessionsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  handoff_hash: string | null;
  handoff_expires_at: Date | null;
  provider_refresh_token: string | null;
  id_token: string | null;
  created_at: Timestamp;
  refreshed_at: Date | null;
  ended_at: Date | null;
  /** The sign-in (auth_sessions) these directory tokens belong to (migration 0024). */
  session_id: string | null;
}
/** One sign-in (migration 0024): access tokens carry its id as `sid`; revoked or expired, they stop working. */
export interface AuthSessionsTable {
  /** uuid, made by the server */
  id: string;
  user_id: number;
  kind: 'password' | 'federated';
  created_at: Timestamp;
  /** when the sign-in last got a token (sign-in or refresh) */
  last_used_at: Timestamp;
  /** on the wall clock, as the access token's `exp` */
  expires_at: Date;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
/** A refresh token of a sign-in, stored as SHA-256 (base64url); used once (migration 0024). */
export interface AuthRefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
/** A fixed-window counter of the sign-in protection (migration 0024, server/platform/rate-limits.ts). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  window_ends_at: Date;
}
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  name_ar: string;
}
export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  name: string;
}
export interface SkillsTable {
  id: Generated<number>;
  name: string;
}
export interface LessonTypesTable {
  id: Generated<number>;
  code: LessonTypeCode;
  name: string;
}
/** Lesson type codes (product.md#entities "Lesson types"; `lesson_types.code`). */
export type LessonTypeCode =
  | 'meeting'
  | 'video'
  | 'reading'
  | 'assignment'
  | 'quiz'
  | 'learningObjective'
  | 'programmingAssignment'
  | 'notes'
  | 'liveSession';
export interface CoursesTable {
  id: Generated<number>;
  educator_id: number;
  title: string;
  description: string;
  about: string;
  category_id: number;
  language_id: number;
  price_cents: number;
  num_hours: number;
  difficulty_level: Difficulty;
  has_multi_instructors: ColumnType<boolean, boolean | undefined, boolean>;
  is_private: ColumnType<boolean, boolean | undefined, boolean>;
  company_id: number | null;
  picture_url: string | null;
  video_url: string | null;
  picture_upload_id: ColumnType<number | null, number | null | undefined, number | null>;
  video_upload_id: ColumnType<number | null, number | null | undefined, number | null>;
  moderation_message: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<CourseStatus, CourseStatus | undefined, CourseStatus>;
  /** When the course was last sent for review (migration 0015); null if never. */
  submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CourseSkillsTable {
  course_id: number;
  skill_id: number;
  type: 'REQUIRED' | 'GAINED';
}
export interface SectionsTable {
  id: Generated<number>;
  course_id: number;
  week: number;
  name: string;
  sort_order: number;
}
export interface LessonsTable {
  id: Generated<number>;
  section_id: number;
  lesson_type_id: number;
  name: string;
  sort_order: number;
  duration_minutes: number;
  link: string | null;
  day: Weekday | null;
  start_time: string | null;
  /** Reading/notes HTML, sanitised when saved (docs/classroom.md). */
  content_html: ColumnType<string | null, string | null | undefined, string | null>;
  video_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** WebVTT captions of the video. */
  captions_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Maximum points of a graded lesson (default 100). */
  points: ColumnType<number, number | undefined, number>;
  /** Accept submissions and attempts after the deadline (marked late). */
  allow_late: ColumnType<boolean, boolean | undefined, boolean>;
  /** Quiz time limit in minutes; null = none. */
  time_limit_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Programming assignment: function under test, starter code and tests. */
  programming: ColumnType<ProgrammingSpecJson | null, string | null | undefined, string | null>;
}
/** `lessons.programming`: the tests' `args` are passed to `functionName`, `expected` compared as JSON. */
export interface ProgrammingSpecJson {
  functionName: string;
  starterCode: string;
  /** `hidden`: the learner sees only whether the test passed (absent = visible). */
  tests: { name: string; args: unknown[]; expected: unknown; hidden?: boolean }[];
}
export type QuizQuestionKind = 'SINGLE' | 'MULTIPLE' | 'TRUE_FALSE' | 'SHORT_ANSWER' | 'STEP';
/** Option ids (SINGLE/MULTIPLE), a boolean (TRUE_FALSE), a text (a learner's SHORT_ANSWER), or null. */
export type QuizAnswerJson = string[] | boolean | string | null;
/** A question's answer key: option ids (SINGLE/MULTIPLE), a boolean (TRUE_FALSE), accepted answers (SHORT_ANSWER), null (STEP). */
export type QuizAnswerKeyJson = string[] | boolean | null;
export interface QuizQuestionsTable {
  id: Generated<number>;
  lesson_id: number;
  sort_order: number;
  kind: QuizQuestionKind;
  prompt: string;
  picture_url: string | null;
  points: ColumnType<number, number | undefined, number>;
  explanation: string | null;
  options: Json<{ id: string; text: string }[]>;
  /** The answer key: option ids, a boolean, accepted short answers (string[]), or null (STEP). */
  answer: ColumnType<QuizAnswerKeyJson, string | null, string | null>;
}
export interface QuizAttemptsTable {
  id: Generated<number>;
  lesson_id: number;
  session_id: number;
  user_id: number;
  status: ColumnType<
    'IN_PROGRESS' | 'AUTOGRADED' | 'DONE',
    'IN_PROGRESS' | 'AUTOGRADED' | 'DONE' | undefined,
    'IN_PROGRESS' | 'AUTOGRADED' | 'DONE'
  >;
  /** Saved answers by question id. */
  answers: ColumnType<Record<string, QuizAnswerJson>, string | undefined, string>;
  current_index: ColumnType<number, number | undefined, number>;
  started_at: Timestamp;
  /** started_at + the lesson's time limit; null = no limit. */
  deadline_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  score: ColumnType<number | null, number | null | undefined, number | null>;
  max_score: ColumnType<number, number | undefined, number>;
  feedback: ColumnType<unknown[] | null, string | null | undefined, string | null>;
}
export interface SubmissionsTable {
  id: Generated<number>;
  lesson_id: number;
  session_id: number;
  user_id: number;
  kind: 'DOCUMENT' | 'CODE';
  document_url: string | null;
  document_name: string | null;
  code: string | null;
  /** Per-test results of a CODE submission: `[{name, passed, output, hidden?}]` (output in full; hidden ones are cut for learners when read). */
  results: ColumnType<
    { name: string; passed: boolean; output: string; hidden?: boolean }[] | null,
    string | null | undefined,
    string | null
  >;
  status: 'SUBMITTED' | 'AUTOGRADED' | 'DONE';
  /** Points out of the lesson's `points`. */
  grade: number | null;
  comment: string | null;
  late: ColumnType<boolean, boolean | undefined, boolean>;
  submitted_at: Timestamp;
  graded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  graded_by: number | null;
  /** when the row was written, by the database clock (the per-minute limit of code submissions) */
  created_at: ColumnType<Date, Date | undefined, never>;
}
export interface AttendanceTable {
  id: Generated<number>;
  session_id: number;
  lesson_id: number;
  user_id: number;
  /** Date of the meeting occurrence in the session's time zone. */
  occurrence_date: DateOnly;
  joined_at: Timestamp;
}
/** A message of a session chat (migration 0018): plain text, 1 to 1000 characters; deleted messages keep their row. */
export interface ChatMessagesTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  body: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}
export interface LessonProgressTable {
  session_id: number;
  lesson_id: number;
  user_id: number;
  status: 'IN_PROGRESS' | 'DONE';
  updated_at: Timestamp;
}
export interface SessionsTable {
  id: Generated<number>;
  course_id: number;
  educator_id: number;
  start_date: DateOnly;
  end_date: DateOnly;
  timezone: string;
  schedule: Json<Weeks>;
  max_seats: number;
  price_cents: number;
  status: ColumnType<SessionStatus, SessionStatus | undefined, SessionStatus>;
  /** The session's own syllabus (SyllabusWeekInput[]), or null to use the course's. */
  content: ColumnType<SessionContentJson | null, string | null | undefined, string | null>;
  moderation_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** Soft deletion (POST /sessions/{id}/delete): hidden everywhere, kept for the ledger. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}
/** Every amount is in US dollars, stored in integer cents (decisions.md Money). */
export type Currency = 'USD';
/** Stripe's payment intent lifecycle (decisions.md). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'processing'
  | 'requires_action'
  | 'succeeded'
  | 'canceled';
/** Why a wallet ledger entry exists. */
export type LedgerReason = WalletReason | 'EARNING' | 'FEE' | 'PAYOUT';
/** The reasons of entries on a learner's WALLET account (the wallet screen shows them). */
export type WalletReason = 'TOP_UP' | 'PAYMENT' | 'REFUND' | 'CREDIT';
/** Stripe's external (bank) account statuses. */
export type ExternalAccountStatus = 'new' | 'validated' | 'verified' | 'verification_failed' | 'errored';
/** A payout to an educator's bank account. */
export type PayoutStatus = 'pending' | 'paid' | 'failed';
export interface PaymentIntentsTable {
  id: string;
  user_id: number;
  session_id: number;
  amount_cents: number;
  fee_cents: number;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  status: PaymentIntentStatus;
  payment_method: 'card' | 'wallet';
  enrollment_id: number | null;
  /** the session price part of amount_cents (amount = price + fee) */
  price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  gateway_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** the seat is held for this intent until then; null once settled */
  hold_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error_code: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** card authorization attempts started (the gateway key of attempt n > 1 ends with `:<n>`) */
  attempts: ColumnType<number, number | undefined, number>;
  /** when the card payment was captured; null while only authorized (the jobs capture it) */
  captured_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the receipt was mailed (claimed); null until then, and again if sending failed (migration 0023). */
  receipt_mailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  created_at: Timestamp;
}
export interface EnrollmentsTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  status: ColumnType<'ACTIVE' | 'CANCELLED', 'ACTIVE' | 'CANCELLED' | undefined, 'ACTIVE' | 'CANCELLED'>;
  paid_amount_cents: ColumnType<number, number | undefined, number>;
  payment_intent_id: string | null;
  created_at: Timestamp;
}
export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  payment_intent_id: string | null;
  created_at: Timestamp;
}
export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account: LedgerAccount;
  owner_id: number | null;
  amount_cents: number;
  reason: LedgerReason;
  session_id: number | null;
  description: string;
  created_at: Timestamp;
}
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  operation: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}
export interface ReviewsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  rating_value: number;
  content: string;
  created_at: Timestamp;
  /** When the author last edited it (0014); null when never edited. */
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type UploadKind =
  | 'COURSEPICTURE'
  | 'COURSEVIDEO'
  | 'PROFILEPICTURE'
  | 'RESUME'
  | 'SIGNATURE'
  | 'LESSON'
  | 'COMPANYLOGO'
  | 'QUESTIONPICTURE';

/** A lesson of a session's own syllabus (the contract's LessonInput). Duration in minutes. */
export interface LessonJson {
  lessonTypeId: number;
  name: string;
  order?: number;
  duration: number;
  link?: string | null;
  day?: Weekday | null;
  startTime?: string | null;
}
export type SessionContentJson = {
  week: number;
  sections: { name: string; order?: number; lessons: LessonJson[] }[];
}[];

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  kind: UploadKind;
  storage_key: string;
  url: string;
  mime_type: string;
  size_bytes: number;
  original_name: string | null;
  created_at: Timestamp;
}
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  entity_type: string;
  entity_id: number;
  message: string | null;
  created_at: Timestamp;
}
export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  /** The role the invitee gets on joining: a partner invites learners and educators. */
  role: 'LEARNER' | 'EDUCATOR';
  /** Every invitation is into a company (decisions.md Invitations). */
  company_id: number;
  invited_by: number;
  /** EXPIRED is derived from `created_at` (7 days), never stored. */
  status: ColumnType<'PENDING' | 'ACCEPTED', 'PENDING' | 'ACCEPTED' | undefined, 'PENDING' | 'ACCEPTED'>;
  /** SHA-256 (hex) of the link's random token (migration 0009; docs/decisions.md "Invitations"). */
  token: string;
  created_at: Timestamp;
  /** When the invitee joined (migration 0009). */
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a partner withdrew it; the link then reads EXPIRED (migration 0009). */
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * When its mail was claimed for sending; null = to mail (the outbox of invitation mails,
   * migration 0026). Defaults to now(): a row written without saying otherwise counts as mailed.
   */
  mailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface OutboxTable {
  id: Generated<number>;
  to_addresses: Json<string[]>;
  subject: string;
  body: string;
  sent_by: number | null;
  created_at: Timestamp;
}

export interface WaitlistTable {
  course_id: number;
  email: string;
  user_id: number | null;
  created_at: Timestamp;
  notified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** when the address was confirmed (a signed-in user's at once, a guest's by the mailed link); null: never mailed (0016) */
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 (hex) of a guest's confirmation-link token, never the token (0016) */
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** when that link was mailed; it works for 72 hours (0016) */
  token_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** language of a guest's mails (an account's own language wins) (0016) */
  language: ColumnType<Language, Language | undefined, Language>;
}

/** One (event, address) the waitlist mailed: each event mails each address once (0016). */
export interface WaitlistNotificationsTable {
  /** `session-open:<sessionId>` or `seat-freed:<intentId>` */
  event: string;
  /** the address, lower-cased */
  email: string;
  course_id: number;
  session_id: number | null;
  created_at: Timestamp;
}

/** A message of the contact form, for the admins' inbox (0016). */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  read_by: ColumnType<number | null, number | null | undefined, number | null>;
}
/** A learner's target skill (migration 0017); unique per (user, skill). Progress is derived, never stored. */
export interface LearningGoalsTable {
  id: Generated<number>;
  user_id: number;
  skill_id: number;
  created_at: Timestamp;
}

export interface PaymentMethodsTable {
  id: string;
  user_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** the gateway's reference (sandbox: the test token's behaviour key; Stripe: its pm id) */
  gateway_ref: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface ExternalAccountsTable {
  id: string;
  user_id: number;
  bank_name: string;
  last4: string;
  country: string;
  currency: Currency;
  status: ExternalAccountStatus;
  created_at: Timestamp;
}
export interface PayoutsTable {
  id: string;
  educator_id: number;
  amount_cents: number;
  external_account_id: string;
  status: PayoutStatus;
  created_at: Timestamp;
}
export interface AddressesTable {
  id: Generated<number>;
  /** The person the address belongs to, or null for a company's address (migration 0008). */
  user_id: number | null;
  /** The company the address belongs to (its postal address from the sign-up), or null. */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** A solved captcha challenge already used, kept until it expires (migration 0008). */
export interface CaptchaUsesTable {
  /** The challenge's HMAC signature (hex). */
  signature: string;
  expires_at: Date;
}

export interface Database {
  captcha_uses: CaptchaUsesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_attempts: QuizAttemptsTable;
  submissions: SubmissionsTable;
  attendance: AttendanceTable;
  chat_messages: ChatMessagesTable;
  lesson_progress: LessonProgressTable;
  payment_methods: PaymentMethodsTable;
  external_accounts: ExternalAccountsTable;
  payouts: PayoutsTable;
  addresses: AddressesTable;
  waitlist: WaitlistTable;
  learning_goals: LearningGoalsTable;
  waitlist_notifications: WaitlistNotificationsTable;
  contact_messages: ContactMessagesTable;
  uploads: UploadsTable;
  audit_log: AuditLogTable;
  invitations: InvitationsTable;
  outbox: OutboxTable;
  companies: CompaniesTable;
  users: UsersTable;
  password_resets: PasswordResetsTable;
  federated_logins: FederatedLoginsTable;
  federated_identities: FederatedIdentitiesTable;
  federated_sessions: FederatedSessionsTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  rate_limit_counters: RateLimitCountersTable;
  categories: CategoriesTable;
  languages: LanguagesTable;
  skills: SkillsTable;
  lesson_types: LessonTypesTable;
  courses: CoursesTable;
  course_skills: CourseSkillsTable;
  sections: SectionsTable;
  lessons: LessonsTable;
  sessions: SessionsTable;
  payment_intents: PaymentIntentsTable;
  enrollments: EnrollmentsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  reviews: ReviewsTable;
}

export type UserRow = Selectable<UsersTable>;
