import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';
import type { components } from '../../../openapi/schema.js';

/** The roles of the product, as the contract lists them (the `users.role` column holds one). */
export type Role = components['schemas']['Role'];
export type UserStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'DELETED';
export type CompanyStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
/** The product's languages (product.md#overview); also the mail languages. */
export type Language = 'en' | 'ar';
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
  /** Sign-ins so far, counted as each sign-in session opens (migration 0032); 1 during the first. */
  sign_in_count: ColumnType<number, number | undefined, number>;
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
