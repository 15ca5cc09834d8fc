/*
 * Optimistic locking (reference B3): UPDATE … SET lock_version = lock_version + 1 WHERE id = ?
 * AND lock_version = ?; no row updated means someone saved in between — answered with 409 and
 * who/when, never a silent overwrite.
 */
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ConflictException } from '#exceptions/http_exceptions'
import { TIME_ZONE } from '#shared/app'

export async function bumpLockVersion(
  trx: TransactionClientContract,
  table: string,
  id: number,
  expected: number,
  describe: () => Promise<{ label: string; by: string | null; at: DateTime | null }>
): Promise<number> {
  const result = await trx.rawQuery(
    `UPDATE ${table} SET lock_version = lock_version + 1 WHERE id = ? AND lock_version = ?
     RETURNING lock_version`,
    [id, expected]
  )
  if (result.rows.length === 0) {
    const { label, by, at } = await describe()
    throw new ConflictException(conflictMessage(label, by, at))
  }
  return Number(result.rows[0].lock_version)
}

/** @param feminine the label names a feminine word (« Cette offre a été modifiée »). */
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
