/*
 * A CAMT.053.001.02 statement written from a few movements, shaped like the banks' (GrpHdr,
 * Stmt with Id, account, OPBD/CLBD balances, booked entries with their references, counterparty
 * and structured or free remittance). For the demo statement, the sample files and the tests;
 * the import never writes statements.
 */
export const DEMO_BANK_IBAN = 'BE73735012345660'

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
      <Acct><Id><IBAN>${options.iban ?? DEMO_BANK_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance('OPBD', opening, first)}${balance('CLBD', closing, last)}${movements.map(entry).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`
}
