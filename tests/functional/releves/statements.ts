/*
 * Bank statements for the import tests, shaped like the banks' (tests/fixtures/bank): a CAMT.053
 * written from a few movements, and the real fixtures with the structured communication of a
 * facture put in place of theirs (same length, so CODA's 128-character records stay valid).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export const BANK_IBAN = 'BE73735012345660'
const FIXTURES = path.join(import.meta.dirname, '../../fixtures/bank')

/** The communication of the first movement of the BNP CAMT and KBC CODA fixtures. */
export const FIXTURE_COMMUNICATION = '202500012390'

export type Movement = {
  /** Entry reference, unique in the account */
  ref: string
  /** Cents; negative = debit */
  montant: number
  date: string
  nom: string
  iban?: string
  /** +++…+++ or its 12 digits: written as a structured (SCOR) reference */
  communication?: string | null
  libre?: string
}

const digits = (communication: string) => communication.replace(/\D/g, '')
const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2)
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function entry(m: Movement) {
  const credit = m.montant > 0
  const party = credit ? 'Dbtr' : 'Cdtr'
  const remittance = m.communication
    ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${digits(m.communication)}</Ref></CdtrRefInf></Strd>`
    : `<Ustrd>${esc(m.libre ?? '')}</Ustrd>`
  return `
      <Ntry>
        <NtryRef>${esc(m.ref)}</NtryRef>
        <Amt Ccy="EUR">${amount(m.montant)}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${m.date}</Dt></BookgDt>
        <ValDt><Dt>${m.date}</Dt></ValDt>
        <AcctSvcrRef>${esc(m.ref)}-SVC</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${esc(m.ref)}-SVC</AcctSvcrRef><EndToEndId>E2E-${esc(m.ref)}</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">${amount(m.montant)}</Amt></TxAmt></AmtDtls>
            <RltdPties>
              <${party}><Nm>${esc(m.nom)}</Nm></${party}>
              <${party}Acct><Id><IBAN>${m.iban ?? 'BE78310098765486'}</IBAN></Id></${party}Acct>
            </RltdPties>
            <RmtInf>${remittance}</RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`
}

/** A CAMT.053.001.02 statement of `movements` on the company's account. */
export function camtStatement(
  movements: Movement[],
  options: { id?: string; iban?: string; opening?: number } = {}
): string {
  const opening = options.opening ?? 1_000_000
  const closing = opening + movements.reduce((s, m) => s + m.montant, 0)
  const dates = movements.map((m) => m.date).sort()
  const first = dates[0] ?? '2025-03-14'
  const last = dates[dates.length - 1] ?? first
  const balance = (code: string, cents: number, date: string) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${amount(cents)}</Amt>
        <CdtDbtInd>${cents >= 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>`
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${options.id ?? 'TEST'}</MsgId><CreDtTm>${last}T07:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${options.id ?? `STMT-${last}`}</Id>
      <CreDtTm>${last}T07:00:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? BANK_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance('OPBD', opening, first)}${balance('CLBD', closing, last)}${movements.map(entry).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`
}

/** A fixture file as bytes, its first movement's communication replaced by `communication`. */
export function fixtureWith(name: string, communication?: string): Buffer {
  const bytes = readFileSync(path.join(FIXTURES, name))
  if (!communication) return bytes
  // latin1 keeps every byte as it is (the CODA fixture is Windows-1252)
  const text = bytes.toString('latin1').replace(FIXTURE_COMMUNICATION, digits(communication))
  return Buffer.from(text, 'latin1')
}
