/*
 * Optimistic locking (reference B3, decisions 80 and 108): every save and status change of a
 * document carries the lock_version the user saw; the row is locked FOR UPDATE and a different
 * version is answered with 409 and who/when, nothing written. The version is never optional:
 * internal callers (demo data, tests) pass the version they read, like a page does.
 */
import type { DateTime } from 'luxon'
import { ConflictException } from '#exceptions/http_exceptions'
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
