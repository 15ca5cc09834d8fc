/*
 * ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 to 001.08, read without caring
 * about the namespace (banks differ in prefixes). One line per TxDtls: a batch entry holding
 * several transfers gives several lines, each with its own communication and counterparty.
 * Only booked entries (Sts BOOK) are imported: pending ones may still change.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { normalizeIban } from '#shared/validation/belgium'
import { normalizeStructuredCommunication } from '#shared/validation/belgium'
import { XML_READ_OPTIONS } from '../xml.js'
import { camtDate, clean, decimalToCents, dedupeKeys, fingerprint } from './fields.js'
import { failed, type ParseError, type ParseResult, type StatementLine } from './types.js'
import type { StatementSummary } from './types.js'

type Node = Record<string, any>

const ARRAYS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'])

const parser = new XMLParser({
  ...XML_READ_OPTIONS,
  captureMetaData: true,
  isArray: (name) => ARRAYS.has(name),
})
const META = XMLParser.getMetaDataSymbol() as unknown as string

/** Text of a leaf, whether it carries attributes or not */
function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined
  if (typeof node === 'string') return node
  if (typeof node === 'object' && '#text' in (node as Node)) return String((node as Node)['#text'])
  return undefined
}

function path(node: unknown, ...keys: string[]): any {
  let current: any = node
  for (const key of keys) {
    if (current === undefined || current === null) return undefined
    current = Array.isArray(current) ? current[0]?.[key] : current[key]
  }
  return current
}

function list(node: unknown): Node[] {
  if (node === undefined || node === null || node === '') return []
  return Array.isArray(node) ? node : [node as Node]
}

/** 1-based line of an element in the source, from the parser's start offset */
function lineOf(source: string, node: unknown): number {
  const start = (node as Node | undefined)?.[META]?.startIndex
  if (typeof start !== 'number') return 0
  let line = 1
  for (let i = 0; i < start && i < source.length; i++) if (source.charCodeAt(i) === 10) line++
  return line
}

/** Signed cents of an Amt + CdtDbtInd pair, or a French reason */
function signedAmount(amt: unknown, indicator: string | undefined): number | string {
  const raw = text(amt)
  if (raw === undefined) return 'montant manquant'
  const cents = decimalToCents(raw)
  if (cents === null) return `montant invalide « ${raw} »`
  if (indicator === 'CRDT') return cents
  if (indicator === 'DBIT') return -cents
  return `sens (CdtDbtInd) invalide « ${indicator ?? ''} »`
}

/** camt v08 wraps the party in Pty; earlier versions put Nm directly */
function partyName(party: unknown): string | null {
  return clean(text(path(party, 'Nm')) ?? text(path(party, 'Pty', 'Nm')))
}

function accountIban(account: unknown): string | null {
  const iban = text(path(account, 'Id', 'IBAN')) ?? text(path(account, 'Id', 'Othr', 'Id'))
  return iban ? normalizeIban(iban) : null
}

function balance(stmt: Node, codes: string[]): { cents: number | null; date: string | null } {
  for (const bal of list(stmt.Bal)) {
    const code = text(path(bal, 'Tp', 'CdOrPrtry', 'Cd'))
    if (code && codes.includes(code)) {
      const amount = signedAmount(bal.Amt, text(bal.CdtDbtInd))
      return {
        cents: typeof amount === 'number' ? amount : null,
        date: camtDate(text(path(bal, 'Dt', 'Dt')) ?? text(path(bal, 'Dt', 'DtTm'))),
      }
    }
  }
  return { cents: null, date: null }
}

/** Communications of one transaction: the Belgian structured one, and every other text */
function remittance(rmt: unknown, fallback: string | undefined) {
  let structured: string | null = null
  const free: string[] = []
  for (const strd of list(path(rmt, 'Strd'))) {
    const ref = text(path(strd, 'CdtrRefInf', 'Ref'))
    const normalized = normalizeStructuredCommunication(ref)
    if (normalized && !structured) structured = normalized
    else if (ref) free.push(ref) // an RF creditor reference or a mistyped one stays readable
    for (const extra of list(strd.AddtlRmtInf)) if (text(extra)) free.push(text(extra)!)
  }
  for (const ustrd of list(path(rmt, 'Ustrd'))) {
    const value = text(ustrd)
    if (!value) continue
    // Payers often type the structured communication in the free field
    const normalized = normalizeStructuredCommunication(value)
    if (normalized && !structured) structured = normalized
    else free.push(value)
  }
  if (free.length === 0 && !structured && fallback) free.push(fallback)
  return { structured, free: clean(free.join(' ')) }
}

export function parseCamt053(source: string): ParseResult {
  if (/<!DOCTYPE/i.test(source)) {
    // Entity declarations are how XML bombs work; a bank statement never needs one
    return failed('camt053', [
      {
        line: lineAt(source, /<!DOCTYPE/i),
        message: 'Les déclarations DOCTYPE ne sont pas acceptées dans un relevé.',
      },
    ])
  }
  const valid = XMLValidator.validate(source)
  if (valid !== true) {
    // Unclosed elements are reported at line 1: the file was cut, so its end is the place to show
    const unclosed =
      valid.err.code === 'InvalidXml' ? [...valid.err.msg.matchAll(/"([\w:.-]+)"/g)] : []
    if (unclosed.length > 0) {
      const tag = unclosed[unclosed.length - 1][1]
      const last = source.trimEnd().split('\n').length
      return failed('camt053', [
        {
          line: last,
          message: `XML mal formé : document incomplet ou tronqué (balise « ${tag} » non fermée).`,
        },
      ])
    }
    return failed('camt053', [
      { line: valid.err.line, message: `XML mal formé : ${frenchXmlError(valid.err.code)}` },
    ])
  }
  const doc = parser.parse(source) as Node
  const root = doc.Document?.BkToCstmrStmt
  if (!root) {
    return failed('camt053', [
      { line: 1, message: 'Ce fichier XML n’est pas un relevé CAMT.053 (BkToCstmrStmt manquant).' },
    ])
  }

  const errors: ParseError[] = []
  const statements: StatementSummary[] = []
  const lines: StatementLine[] = []
  const statementNodes = list(root.Stmt)
  if (statementNodes.length === 0)
    errors.push({
      line: lineOf(source, root),
      message: 'Le relevé ne contient aucun extrait (Stmt).',
    })

  for (const stmt of statementNodes) {
    const iban = accountIban(stmt.Acct)
    if (!iban) {
      errors.push({
        line: lineOf(source, stmt),
        message: 'Compte du relevé (Acct/Id/IBAN) manquant.',
      })
      continue
    }
    const statementId = clean(text(stmt.Id))
    const accountCurrency = text(path(stmt, 'Acct', 'Ccy')) ?? 'EUR'
    const opening = balance(stmt, ['OPBD', 'PRCD'])
    const closing = balance(stmt, ['CLBD'])
    let count = 0

    list(stmt.Ntry).forEach((ntry, entryIndex) => {
      const at = lineOf(source, ntry)
      const status = text(ntry.Sts) ?? text(path(ntry, 'Sts', 'Cd'))
      if (status && status !== 'BOOK') return
      const entryAmount = signedAmount(ntry.Amt, text(ntry.CdtDbtInd))
      if (typeof entryAmount === 'string') {
        errors.push({ line: at, message: `Écriture : ${entryAmount}.` })
        return
      }
      const bookingDate = camtDate(
        text(path(ntry, 'BookgDt', 'Dt')) ?? text(path(ntry, 'BookgDt', 'DtTm'))
      )
      if (!bookingDate) {
        errors.push({
          line: at,
          message: 'Écriture : date de comptabilisation (BookgDt) manquante ou invalide.',
        })
        return
      }
      const valueDate = camtDate(
        text(path(ntry, 'ValDt', 'Dt')) ?? text(path(ntry, 'ValDt', 'DtTm'))
      )
      const currency = text(path(ntry, 'Amt', '@_Ccy')) ?? accountCurrency
      const entryRef = clean(text(ntry.NtryRef)) ?? clean(text(ntry.AcctSvcrRef))
      const txs = list(ntry.NtryDtls).flatMap((d) => list(d.TxDtls))
      const details = txs.length > 0 ? txs : [{} as Node]
      const amounts: number[] = []

      for (const [txIndex, tx] of details.entries()) {
        // v02 puts the amount in AmtDtls/TxAmt, v04+ in TxDtls/Amt; a single detail may omit it
        const txAmt = tx.Amt ?? path(tx, 'AmtDtls', 'TxAmt', 'Amt')
        const indicator = text(tx.CdtDbtInd) ?? text(ntry.CdtDbtInd)
        const amount =
          txAmt === undefined && details.length === 1 ? entryAmount : signedAmount(txAmt, indicator)
        if (typeof amount === 'string') {
          errors.push({
            line: lineOf(source, tx) || at,
            message: `Détail de l’écriture : ${amount}.`,
          })
          continue
        }
        amounts.push(amount)
        const incoming = amount >= 0
        const counterparty = path(tx, 'RltdPties', incoming ? 'Dbtr' : 'Cdtr')
        const counterpartyAccount = path(tx, 'RltdPties', incoming ? 'DbtrAcct' : 'CdtrAcct')
        const agent = path(tx, 'RltdAgts', incoming ? 'DbtrAgt' : 'CdtrAgt', 'FinInstnId')
        const endToEnd = clean(text(path(tx, 'Refs', 'EndToEndId')))
        const { structured, free } = remittance(
          tx.RmtInf,
          text(tx.AddtlTxInf) ?? text(ntry.AddtlNtryInf)
        )
        const bankRef =
          clean(text(path(tx, 'Refs', 'AcctSvcrRef'))) ?? clean(text(ntry.AcctSvcrRef))
        const key = statementId
          ? `camt:${iban}:${statementId}:${entryRef ?? `n${entryIndex + 1}`}:${txIndex + 1}`
          : `camt:${iban}:${fingerprint([bookingDate, amount, entryRef, endToEnd, bankRef, entryIndex, txIndex])}`
        lines.push({
          account_iban: iban,
          booking_date: bookingDate,
          value_date: valueDate,
          amount,
          currency,
          structured_communication: structured,
          free_communication: free,
          counterparty_name: partyName(counterparty),
          counterparty_iban: accountIban(counterpartyAccount),
          counterparty_bic: clean(text(agent?.BICFI) ?? text(agent?.BIC)),
          end_to_end_id: endToEnd === 'NOTPROVIDED' ? null : endToEnd,
          bank_reference: bankRef,
          unique_key: key,
        })
        count++
      }
      const sum = amounts.reduce((a, b) => a + b, 0)
      if (amounts.length === details.length && details.length > 1 && sum !== entryAmount) {
        errors.push({
          line: at,
          message: 'La somme des détails ne correspond pas au montant de l’écriture.',
        })
      }
    })

    statements.push({
      account_iban: iban,
      currency: accountCurrency,
      statement_id: statementId,
      opening_balance: opening.cents,
      closing_balance: closing.cents,
      date: closing.date ?? camtDate(text(path(stmt, 'ToFrDt', 'ToDtTm'))),
      line_count: count,
    })
  }

  if (errors.length > 0) return failed('camt053', errors)
  return { format: 'camt053', statements, lines: dedupeKeys(lines), errors: [] }
}

function lineAt(source: string, pattern: RegExp): number {
  const index = source.search(pattern)
  return index < 0 ? 1 : source.slice(0, index).split('\n').length
}

/** The validator's messages are English; the code is enough to say what is wrong in French */
function frenchXmlError(code: string): string {
  switch (code) {
    case 'InvalidTag':
      return 'balise mal fermée ou invalide.'
    case 'InvalidAttr':
      return 'attribut invalide.'
    case 'InvalidChar':
      return 'caractère inattendu.'
    case 'InvalidXml':
      return 'document incomplet ou tronqué.'
    case 'InvalidXmlDecl':
      return 'déclaration XML invalide.'
    default:
      return 'structure invalide.'
  }
}
