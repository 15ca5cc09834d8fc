/*
 * Belgian CODA 2.x (Febelfin « Coded statement of account », standard 2.6): lines of 128
 * characters, positions below 1-based and inclusive, as in the standard.
 *
 * 0  header       1 "0" · 2-5 zeros · 6-11 creation date DDMMYY · 12-14 bank id · 15-16 "05"
 *                 17 "D" duplicate · 25-34 file ref · 35-60 addressee · 61-71 BIC
 *                 72-82 0 + company number · 128 version "2"
 * 1  old balance  2 account structure (0 BE number, 1 foreign, 2 BE IBAN, 3 foreign IBAN)
 *                 3-5 paper statement number · 6-42 account + currency (structure 0: 12 digits,
 *                 blank, currency at 19-21; 2: IBAN on 31, 3 blanks, currency at 40-42;
 *                 1 and 3: 34 + currency at 40-42) · 43 sign (0 credit, 1 debit) · 44-58 old
 *                 balance 12+3 decimals · 59-64 date · 65-90 holder · 91-125 description
 *                 126-128 coded statement sequence number (restarts at 001 each year)
 * 21 movement 1   3-6 continuous sequence · 7-10 detail number (0000 = the movement itself)
 *                 11-31 bank reference · 32 sign · 33-47 amount 12+3 · 48-53 value date (000000
 *                 unknown) · 54-61 transaction code · 62 communication type (0 free,
 *                 1 structured) · 63-115 communication (structured: 3-digit type, 101/102 =
 *                 the 12-digit Belgian communication) · 116-121 entry date · 122-124 paper
 *                 statement number · 125 globalisation code · 126 next code · 128 link code
 * 22 movement 2   11-63 communication (ctd) · 64-98 customer reference (end-to-end id)
 *                 99-109 counterparty BIC · 113 R-transaction type · 114-125 ISO codes
 * 23 movement 3   11-47 counterparty account + currency · 48-82 counterparty name
 *                 83-115 communication (ctd)
 * 31 information  11-31 bank reference · 32-39 transaction code · 40 structure
 *                 41-113 communication (structured: 3-digit type first)
 * 32, 33          11-115 / 11-100 communication (ctd)
 * 4  free message 33-112 text
 * 8  new balance  2-4 paper statement number · 5-41 account + currency · 42 sign
 *                 43-57 new balance 12+3 · 58-63 date
 * 9  trailer      17-22 number of records 1, 2x, 3x and 8 · 23-37 sum of debits · 38-52 sum
 *                 of credits (2.1 records with detail number 0000) · 128 multiple-file code
 *
 * A movement with details (globalisation: a 0000 record then 0001, 0002…) gives one line per
 * detail, since each detail is one payer; otherwise the 0000 record is the line.
 */
import { normalizeIban, normalizeStructuredCommunication } from '#shared/validation/belgium'
import { accountToIban, clean, codaAmountToCents, codaDate, dedupeKeys } from './fields.js'
import { failed, type ParseError, type ParseResult, type StatementLine } from './types.js'
import type { StatementSummary } from './types.js'

const KNOWN = new Set(['0', '1', '21', '22', '23', '31', '32', '33', '4', '8', '9'])

interface Movement {
  line: number
  seq: string
  detail: string
  bankRef: string | null
  amount: number
  valueDate: string | null
  entryDate: string
  structured: string | null
  free: string
  counterpartyName: string | null
  counterpartyAccount: string | null
  bic: string | null
  endToEnd: string | null
}

interface Block {
  headerLine: number
  creationDate: string
  iban: string | null
  currency: string
  codaSeq: string
  opening: number | null
  closing: number | null
  closingDate: string | null
  movements: Movement[]
  counted: number
  debits: number
  credits: number
}

const pick = (record: string, from: number, to: number) => record.slice(from - 1, to)

function recordId(record: string): string {
  return record[0] === '2' || record[0] === '3' ? record.slice(0, 2) : record[0]
}

/** The communication zone of 2.1: a structured 101/102 gives the Belgian communication */
function communication(type: string, zone: string) {
  if (type === '1') {
    const kind = zone.slice(0, 3)
    if (kind === '101' || kind === '102') {
      const normalized = normalizeStructuredCommunication(zone.slice(3, 15))
      if (normalized) return { structured: normalized, free: '' }
    }
    return { structured: null, free: zone.slice(3) }
  }
  return { structured: null, free: zone }
}

function signed(sign: string, field: string): number | string {
  const cents = codaAmountToCents(field)
  if (cents === null) return `montant invalide « ${field} »`
  if (sign === '0') return cents
  if (sign === '1') return -cents
  return `code de signe invalide « ${sign} » (0 ou 1 attendu)`
}

function account(structure: string, zone: string): { iban: string | null; currency: string } {
  if (structure === '0')
    return { iban: accountToIban(zone.slice(0, 12)), currency: zone.slice(13, 16).trim() }
  const number = zone.slice(0, structure === '2' ? 31 : 34).trim()
  return { iban: number ? normalizeIban(number) : null, currency: zone.slice(34, 37).trim() }
}

export function parseCoda(source: string): ParseResult {
  const records = source.split(/\r?\n/)
  // Trailing newlines, and the end-of-file mark some banks still append
  const blank = (r: string) => r.replaceAll(String.fromCharCode(26), '').trim() === ''
  while (records.length > 0 && blank(records[records.length - 1])) records.pop()

  const errors: ParseError[] = []
  const statements: StatementSummary[] = []
  const lines: StatementLine[] = []
  let block: Block | null = null
  let structure = '2'
  let current: Movement | null = null
  const fail = (line: number, message: string) => errors.push({ line, message })

  for (const [index, raw] of records.entries()) {
    const n = index + 1
    const record = raw.replace(/\r$/, '')
    if (record.length !== 128) {
      fail(n, `La ligne compte ${record.length} caractères au lieu de 128.`)
      continue
    }
    const id = recordId(record)
    if (!KNOWN.has(id)) {
      fail(n, `Type d’enregistrement inconnu « ${id} ».`)
      continue
    }
    if (id === '0') {
      if (block) fail(n, 'Nouvel en-tête (0) avant l’enregistrement final (9) du relevé précédent.')
      const created = codaDate(pick(record, 6, 11))
      if (!created) fail(n, `Date de création invalide « ${pick(record, 6, 11)} ».`)
      block = {
        headerLine: n,
        creationDate: created ?? '',
        iban: null,
        currency: 'EUR',
        codaSeq: '',
        opening: null,
        closing: null,
        closingDate: null,
        movements: [],
        counted: 0,
        debits: 0,
        credits: 0,
      }
      current = null
      continue
    }
    if (!block) {
      fail(n, 'Enregistrement avant l’en-tête (0) du fichier CODA.')
      continue
    }
    if (id !== '4' && id !== '9') block.counted++

    if (id === '1') {
      structure = pick(record, 2, 2)
      if (!/^[0-3]$/.test(structure)) fail(n, `Structure de compte invalide « ${structure} ».`)
      const acc = account(structure, pick(record, 6, 42))
      block.iban = acc.iban
      block.currency = acc.currency || 'EUR'
      block.codaSeq = pick(record, 126, 128)
      const opening = signed(pick(record, 43, 43), pick(record, 44, 58))
      if (typeof opening === 'string') fail(n, `Ancien solde : ${opening}.`)
      else block.opening = opening
      if (!block.iban) fail(n, 'Numéro de compte manquant dans l’ancien solde.')
    } else if (id === '21') {
      const amount = signed(pick(record, 32, 32), pick(record, 33, 47))
      const entryDate = codaDate(pick(record, 116, 121))
      const valueField = pick(record, 48, 53)
      const valueDate = valueField === '000000' ? null : codaDate(valueField)
      if (typeof amount === 'string') fail(n, `Mouvement : ${amount}.`)
      if (!entryDate) fail(n, `Date de comptabilisation invalide « ${pick(record, 116, 121)} ».`)
      if (valueField !== '000000' && !valueDate) fail(n, `Date valeur invalide « ${valueField} ».`)
      const comm = communication(pick(record, 62, 62), pick(record, 63, 115))
      current = {
        line: n,
        seq: pick(record, 3, 6),
        detail: pick(record, 7, 10),
        bankRef: clean(pick(record, 11, 31)),
        amount: typeof amount === 'number' ? amount : 0,
        valueDate,
        entryDate: entryDate ?? '',
        structured: comm.structured,
        free: comm.free,
        counterpartyName: null,
        counterpartyAccount: null,
        bic: null,
        endToEnd: null,
      }
      block.movements.push(current)
      if (current.detail === '0000' && typeof amount === 'number') {
        if (amount < 0) block.debits -= amount
        else block.credits += amount
      }
    } else if (id === '22' || id === '23') {
      if (!current || pick(record, 3, 6) !== current.seq) {
        fail(n, `Suite de mouvement (${id}) sans mouvement 21 correspondant.`)
      } else if (id === '22') {
        current.free += pick(record, 11, 63)
        const endToEnd = clean(pick(record, 64, 98))
        current.endToEnd = endToEnd === 'NOTPROVIDED' ? null : endToEnd
        current.bic = clean(pick(record, 99, 109))
      } else {
        current.counterpartyAccount = accountToIban(pick(record, 11, 47).trim().split(/\s+/)[0])
        current.counterpartyName = clean(pick(record, 48, 82))
        current.free += pick(record, 83, 115)
      }
    } else if (id === '31' || id === '32' || id === '33') {
      // Information records complete the movement with the same sequence (and detail) number
      const target = block.movements.findLast((m) => m.seq === pick(record, 3, 6))
      if (!target) {
        fail(n, `Information (${id}) sans mouvement 21 correspondant.`)
        continue
      }
      const text =
        id === '31'
          ? pick(record, 40, 40) === '1'
            ? pick(record, 44, 113)
            : pick(record, 41, 113)
          : id === '32'
            ? pick(record, 11, 115)
            : pick(record, 11, 100)
      const detailTarget =
        block.movements.findLast((m) => m.seq === target.seq && m.detail === pick(record, 7, 10)) ??
        target
      detailTarget.free += ` ${text}`
    } else if (id === '8') {
      const closing = signed(pick(record, 42, 42), pick(record, 43, 57))
      if (typeof closing === 'string') fail(n, `Nouveau solde : ${closing}.`)
      else block.closing = closing
      block.closingDate = codaDate(pick(record, 58, 63))
      if (block.opening !== null && block.closing !== null) {
        if (block.opening + block.credits - block.debits !== block.closing) {
          fail(n, 'Le nouveau solde ne correspond pas à l’ancien solde augmenté des mouvements.')
        }
      }
    } else if (id === '9') {
      const count = Number(pick(record, 17, 22))
      const debits = codaAmountToCents(pick(record, 23, 37))
      const credits = codaAmountToCents(pick(record, 38, 52))
      if (!/^\d{6}$/.test(pick(record, 17, 22)) || count !== block.counted) {
        fail(
          n,
          `L’enregistrement final annonce ${pick(record, 17, 22)} enregistrements, le fichier en contient ${block.counted}.`
        )
      }
      if (debits === null || credits === null)
        fail(n, 'Totaux de l’enregistrement final invalides.')
      else if (debits !== block.debits || credits !== block.credits) {
        fail(
          n,
          'Les totaux débit et crédit de l’enregistrement final ne correspondent pas aux mouvements.'
        )
      }
      finish(block, statements, lines)
      block = null
      current = null
    }
  }

  if (records.length === 0) fail(0, 'Le fichier est vide.')
  else if (block)
    fail(records.length, 'Fin de fichier inattendue : l’enregistrement final (9) manque.')
  if (errors.length > 0) return failed('coda', errors)
  return { format: 'coda', statements, lines: dedupeKeys(lines), errors: [] }
}

/** A closed block (0 … 9) becomes its statement and its lines */
function finish(block: Block, statements: StatementSummary[], lines: StatementLine[]) {
  const iban = block.iban ?? ''
  const withDetails = new Set(block.movements.filter((m) => m.detail !== '0000').map((m) => m.seq))
  const kept = block.movements.filter((m) => (withDetails.has(m.seq) ? m.detail !== '0000' : true))
  for (const m of kept) {
    lines.push({
      account_iban: iban,
      booking_date: m.entryDate,
      value_date: m.valueDate,
      amount: m.amount,
      currency: block.currency,
      structured_communication: m.structured,
      free_communication: clean(m.free),
      counterparty_name: m.counterpartyName,
      counterparty_iban: m.counterpartyAccount,
      counterparty_bic: m.bic,
      end_to_end_id: m.endToEnd,
      bank_reference: m.bankRef,
      unique_key: `coda:${iban}:${block.creationDate}:${block.codaSeq}:${m.seq}:${m.detail}`,
    })
  }
  statements.push({
    account_iban: iban,
    currency: block.currency,
    statement_id: block.codaSeq || null,
    opening_balance: block.opening,
    closing_balance: block.closing,
    date: block.closingDate,
    line_count: kept.length,
  })
}
