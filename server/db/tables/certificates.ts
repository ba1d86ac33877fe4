import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** A signing key pair of the platform (migration 0035): JWKs as JSON objects; `alg` e.g. 'ES256'. */
export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: ColumnType<Record<string, unknown>, string, string>;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}
/** A session's completion rule (migration 0035): minimum attendance and graded-work total, percent 0–100. */
export interface CertificateRulesTable {
  session_id: number;
  min_attendance: number;
  min_grade: number;
  updated_by: number;
  updated_at: Timestamp;
}
/** The educator's exception for one learner of a session (migration 0035), with its reason. */
export interface CertificateDecisionsTable {
  session_id: number;
  user_id: number;
  decision: 'WITHHOLD' | 'ADD';
  reason: string;
  decided_by: number;
  decided_at: Timestamp;
}
/** An issued certificate (migration 0035); `status_index` is its bit in the revocation status list. */
export interface CertificatesTable {
  status_index: Generated<number>;
  /** uuid: the public id (verification page, credential id). */
  id: string;
  session_id: number;
  user_id: number;
  /** The signed credential (VC-JWT, ES256). */
  jwt: string;
  /** The credential's JSON (the JWT's payload). */
  credential: ColumnType<Record<string, unknown>, string, string>;
  issued_by: number;
  issued_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_by: ColumnType<number | null, number | null | undefined, number | null>;
  revocation_reason: ColumnType<string | null, string | null | undefined, string | null>;
}
