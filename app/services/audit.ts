import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditLog from '#models/audit_log'

export interface AuditEntry {
  action: string
  userId?: number | null
  subjectType?: string
  subjectId?: string | number
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Writes one audit row; pass the transaction so the row lives or dies with the change. */
export async function audit(
  ctx: HttpContext | null,
  entry: AuditEntry,
  trx?: TransactionClientContract
) {
  return AuditLog.create(
    {
      userId: entry.userId ?? ctx?.auth.user?.id ?? null,
      action: entry.action,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId !== undefined ? String(entry.subjectId) : null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: ctx?.request.ip() ?? null,
    },
    { client: trx }
  )
}
