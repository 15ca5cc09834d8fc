/*
 * Bank statement files (issue 11 §3, « Bank import »): what the CAMT.053 and CODA parsers give,
 * one shape for both so the import and the matcher do not care where a line came from.
 */

export type BankFormat = 'camt053' | 'coda'

/** One movement on the account, as the payment import will record it. */
export interface StatementLine {
  account_iban: string
  /** ISO yyyy-mm-dd */
  booking_date: string
  /** ISO yyyy-mm-dd, null when the bank does not give it (CODA 000000) */
  value_date: string | null
  /** Integer cents: positive = credit (money in), negative = debit */
  amount: number
  currency: string
  /** +++ddd/dddd/dddcc+++ when present and valid (mod 97), else null */
  structured_communication: string | null
  free_communication: string | null
  counterparty_name: string | null
  counterparty_iban: string | null
  counterparty_bic: string | null
  end_to_end_id: string | null
  bank_reference: string | null
  /** Same line of the same file imported again → same key (decision 194) */
  unique_key: string
}

export interface StatementSummary {
  account_iban: string
  currency: string
  /** CAMT Stmt/Id, CODA « sequence number of the coded statement » */
  statement_id: string | null
  /** Cents, signed like the lines; null when the file does not give it */
  opening_balance: number | null
  closing_balance: number | null
  /** ISO date of the closing balance (or of the statement) */
  date: string | null
  line_count: number
}

/** line: 1-based line of the file; 0 when the error concerns the whole file. */
export interface ParseError {
  line: number
  message: string
}

export interface ParseResult {
  format: BankFormat | null
  statements: StatementSummary[]
  lines: StatementLine[]
  errors: ParseError[]
}

/** A file with errors imports nothing (decision 195): one place builds that answer. */
export function failed(format: BankFormat | null, errors: ParseError[]): ParseResult {
  return { format, statements: [], lines: [], errors }
}
