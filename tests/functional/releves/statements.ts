/*
 * Bank statements for the import tests, shaped like the banks' (tests/fixtures/bank): a CAMT.053
 * written from a few movements, and the real fixtures with the structured communication of a
 * facture put in place of theirs (same length, so CODA's 128-character records stay valid).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export { camtStatement, type Movement } from '#services/compta/bank_import/camt_writer'
const FIXTURES = path.join(import.meta.dirname, '../../fixtures/bank')

/** The communication of the first movement of the BNP CAMT and KBC CODA fixtures. */
export const FIXTURE_COMMUNICATION = '202500012390'

/** A fixture file as bytes, its first movement's communication replaced by `communication`. */
export function fixtureWith(name: string, communication?: string): Buffer {
  const bytes = readFileSync(path.join(FIXTURES, name))
  if (!communication) return bytes
  // latin1 keeps every byte as it is (the CODA fixture is Windows-1252)
  const text = bytes
    .toString('latin1')
    .replace(FIXTURE_COMMUNICATION, communication.replace(/\D/g, ''))
  return Buffer.from(text, 'latin1')
}
