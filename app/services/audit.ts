import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditLog from '#models/audit_log'
import type { Actor } from '#services/actor'

export interface AuditEntry {
  action: string
  userId?: number | null
  subjectType?: string
  subjectId?: string | number
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/**
 * Writes one audit row for what the Actor did (#services/actor: `actorOf(ctx)` in a controller);
 * pass the transaction so the row lives or dies with the change.
 */
export async function audit(
  actor: Actor | null,
  entry: AuditEntry,
  trx?: TransactionClientContract
) {
  return AuditLog.create(
    {
      userId: entry.userId ?? actor?.user?.id ?? null,
      action: entry.action,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId !== undefined ? String(entry.subjectId) : null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor?.ip ?? null,
    },
    { client: trx }
  )
}
