/*
 * Optimistic locking (reference B3, decisions 80 and 108): every save and status change of a
 * document carries the lock_version the user saw; the row is locked FOR UPDATE and a different
 * version is answered with 409 and who/when, nothing written. The version is never optional:
 * internal callers (demo data, tests) pass the version they read, like a page does. Records
 * edited from a form (contacts, sociétés, clients, produits: issue 10) use lockRecordVersion,
 * which calls the same checkVersion.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { AppException, ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { TIME_ZONE } from '#shared/app'

export type ConflictFacts = {
  /** « Le devis DEV-2026-00001 », « Cette offre ». */
  label: string
  /** The label names a feminine word (« Cette offre a été modifiée »). */
  feminine?: boolean
  by: string | null
  at: DateTime | null
}

/** Throws the one French 409 unless the row is at the expected version. */
export async function checkVersion(
  row: { lockVersion: number },
  expected: number,
  describe: () => Promise<ConflictFacts>
): Promise<void> {
  if (row.lockVersion === expected) return
  const { label, by, at, feminine } = await describe()
  throw new ConflictException(conflictMessage(label, by, at, feminine))
}

/** The one conflict message of every document. */
export function conflictMessage(
  label: string,
  by: string | null,
  at: DateTime | null,
  feminine = false
): string {
  const when = at ? ` à ${at.setZone(TIME_ZONE).toFormat("HH'h'mm")}` : ''
  const who = by ? ` par ${by}` : ''
  const e = feminine ? 'e' : ''
  return `${label} a été modifié${e}${who}${when} depuis que vous l’avez ouvert${e}. Vos changements ne sont pas enregistrés : rechargez la page pour voir la dernière version, puis refaites vos modifications.`
}

/** A record (not a document) and its audit subject: « Ce contact », subject type 'contact'. */
export type RecordSubject = { label: string; feminine?: boolean; auditType: string }

/**
 * The optimistic lock of a record edited from a form (contacts, sociétés, clients, produits):
 * locks its row FOR UPDATE in the caller's transaction, checks the version with checkVersion
 * (who and when from its last audit row) and sets the next version on the model, saved with it.
 */
export async function lockRecordVersion(
  trx: TransactionClientContract,
  record: LucidRow & { lockVersion: number },
  expected: number | undefined,
  subject: RecordSubject
): Promise<void> {
  if (expected === undefined) {
    throw new AppException('Version de la fiche manquante : rechargez la page.', { status: 422 })
  }
  const model = record.constructor as LucidModel
  const key = model.primaryKey
  const column = model.$keys.attributesToColumns.get(key, key)
  const id = record.$primaryKeyValue as string | number
  const row = await trx
    .from(model.table)
    .where(column, id)
    .forUpdate()
    .select('lock_version')
    .first()
  if (!row) throw new NotFoundException()
  const current = Number(row.lock_version)
  await checkVersion({ lockVersion: current }, expected, async () => {
    const last = await trx
      .from('audit_logs')
      .leftJoin('users', 'users.id', 'audit_logs.user_id')
      .where({ subject_type: subject.auditType, subject_id: String(id) })
      .orderBy('audit_logs.id', 'desc')
      .select('users.name', 'audit_logs.created_at')
      .first()
    return {
      label: subject.label,
      feminine: subject.feminine,
      by: last?.name ?? null,
      at: last?.created_at ? DateTime.fromJSDate(new Date(last.created_at)) : null,
    }
  })
  record.lockVersion = current + 1
}
