import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';

/** One audited decision (who, what, on which entity, with which message); written with the change it records. */
export interface AuditEvent {
  actorId: number;
  /** e.g. 'session.approved', 'user.rejected', 'course.submitted' */
  action: string;
  entityType: 'session' | 'course' | 'user' | 'company' | 'invitation' | 'review' | 'enrollment' | 'certificate';
  entityId: number;
  message?: string | null;
}

/** Appends to the audit log inside the caller's transaction. */
export async function audit(db: Kysely<Database> | Transaction<Database>, e: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: e.actorId,
      action: e.action,
      entity_type: e.entityType,
      entity_id: e.entityId,
      message: e.message ?? null,
    })
    .execute();
}
