import type { Selectable } from 'kysely';
import type {
  AddressesTable,
  AuditLogTable,
  AuthRefreshTokensTable,
  AuthSessionsTable,
  CaptchaUsesTable,
  CompaniesTable,
  ContactMessagesTable,
  FederatedIdentitiesTable,
  FederatedLoginsTable,
  FederatedSessionsTable,
  InvitationsTable,
  OutboxTable,
  PasswordResetsTable,
  RateLimitCountersTable,
  UsersTable,
} from './tables/accounts.js';
import type {
  AttendanceMarkChangesTable,
  AttendanceMarksTable,
  AttendanceTable,
  CategoriesTable,
  ChatMessagesTable,
  CodeDraftsTable,
  CourseCatalogTable,
  CourseSkillsTable,
  GradebookWeightsTable,
  CoursesTable,
  LanguagesTable,
  LearningGoalsTable,
  LessonProgressTable,
  LessonTypesTable,
  LessonsTable,
  QuizAttemptsTable,
  QuizQuestionsTable,
  ReviewsTable,
  SectionsTable,
  SessionsTable,
  SkillsTable,
  SubmissionsTable,
  UploadsTable,
  WaitlistNotificationsTable,
  WaitlistTable,
} from './tables/courses.js';
import type {
  EnrollmentsTable,
  SeatChecksTable,
  ExternalAccountsTable,
  IdempotencyKeysTable,
  LedgerEntriesTable,
  LedgerTransactionsTable,
  PaymentIntentsTable,
  DiscountCodesTable,
  DiscountCodeUsesTable,
  PaymentMethodsTable,
  PayoutsTable,
  RefundsTable,
  WalletTopUpsTable,
} from './tables/money.js';
import type {
  CertificateDecisionsTable,
  CertificateRulesTable,
  CertificatesTable,
  SigningKeysTable,
} from './tables/certificates.js';

/**
 * Kysely table types, matching server/db/migrations, by area: accounts and companies
 * (tables/accounts.ts), courses, sessions and the classroom (tables/courses.ts), money (tables/money.ts).
 * Money columns are integer cents (USD).
 */
export type * from './tables/accounts.js';
export type * from './tables/courses.js';
export type * from './tables/money.js';
export type * from './tables/certificates.js';

export interface Database {
  signing_keys: SigningKeysTable;
  certificate_rules: CertificateRulesTable;
  certificate_decisions: CertificateDecisionsTable;
  certificates: CertificatesTable;
  captcha_uses: CaptchaUsesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_attempts: QuizAttemptsTable;
  submissions: SubmissionsTable;
  code_drafts: CodeDraftsTable;
  attendance: AttendanceTable;
  attendance_marks: AttendanceMarksTable;
  attendance_mark_changes: AttendanceMarkChangesTable;
  chat_messages: ChatMessagesTable;
  gradebook_weights: GradebookWeightsTable;
  lesson_progress: LessonProgressTable;
  payment_methods: PaymentMethodsTable;
  external_accounts: ExternalAccountsTable;
  payouts: PayoutsTable;
  wallet_top_ups: WalletTopUpsTable;
  refunds: RefundsTable;
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
  course_catalog: CourseCatalogTable;
  course_skills: CourseSkillsTable;
  sections: SectionsTable;
  lessons: LessonsTable;
  sessions: SessionsTable;
  payment_intents: PaymentIntentsTable;
  discount_codes: DiscountCodesTable;
  discount_code_uses: DiscountCodeUsesTable;
  enrollments: EnrollmentsTable;
  seat_checks: SeatChecksTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  reviews: ReviewsTable;
}

export type UserRow = Selectable<UsersTable>;
