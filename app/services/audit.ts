import type { HttpContext } from '@adonisjs/core/http'
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
 * Writes one audit row; pass the transaction so the row lives or dies with the change.
 * Business code passes an Actor (#services/actor); the HttpContext form is kept only until every
 * caller has moved to an Actor.
 */
export async function audit(
  by: Actor | HttpContext | null,
  entry: AuditEntry,
  trx?: TransactionClientContract
) {
  const actor: Actor | null =
    by && 'request' in by ? { user: by.auth?.user ?? null, ip: by.request.ip() } : by
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
