/*
 * CSV files for fr-BE Excel (docs/DECISIONS.md, issue 4): UTF-8 with a BOM, `;` between cells,
 * CRLF line ends, RFC 4180 quoting, and ASVS 1.2.10 against formula injection: a cell starting
 * with = + - @ TAB CR or NUL gets a leading apostrophe, so Excel shows it as text.
 */
import { stringify } from 'csv-stringify/sync'
import { parse } from 'csv-parse/sync'

export const CSV_BOM = '\uFEFF'
export const CSV_DELIMITER = ';'
const FORMULA_START = /^[=+\-@\t\r\0]/

/**
 * « 1234,56 », « -12,50 »: an amount as our exports write it (centsToInput). A plain negative
 * amount is a number, not a formula: it goes out as is (a note de crédit's lines), so Excel can
 * sum it; anything else starting with « - » (« -1+1 ») is still guarded.
 */
export const AMOUNT_CELL = /^-?(0|[1-9]\d*)(,\d{1,2})?$/

/** One cell as text, neutralised when a spreadsheet would read it as a formula. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = value instanceof Date ? value.toISOString() : String(value)
  return FORMULA_START.test(text) && !AMOUNT_CELL.test(text) ? `'${text}` : text
}

/** Rows → CSV text (no BOM): each cell made safe, quoted when needed. */
export function csvLines(rows: unknown[][]): string {
  return stringify(
    rows.map((row) => row.map(safeCell)),
    { delimiter: CSV_DELIMITER, record_delimiter: '\r\n', quoted_match: /[\r\n]/ }
  )
}

/**
 * A CSV file to download, as data: a server-chosen ASCII name (ASVS 5.4.1, never the user's
 * input), the header and the rows by batches. The HTTP side (app/services/http/csv_response.ts)
 * streams it; a job could write it to a file the same way.
 */
export interface CsvExport {
  filename: string
  header: string[]
  batches: AsyncIterable<unknown[][]>
}

/** The whole file as text chunks: BOM and header first, then each batch. */
export async function* csvChunks(file: CsvExport): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([file.header])
  for await (const rows of file.batches) if (rows.length) yield csvLines(rows)
}

/** The apostrophe our exports add is removed on import, so a file round-trips. */
export function unguardCell(text: string): string {
  return /^'[=+\-@\t\r\0]/.test(text) ? text.slice(1) : text
}

/**
 * The text of an uploaded file: UTF-8 when it is valid UTF-8, else Windows-1252 (what Excel
 * writes for "CSV (séparateur : point-virgule)" on a French Windows).
 */
export function decodeCsv(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer)
  } catch {
    return new TextDecoder('windows-1252').decode(buffer)
  }
}

export interface CsvRecord {
  /** Line of the file where the record starts (1 = header line). */
  line: number
  cells: string[]
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number
  ) {
    super(message)
  }
}

/** Reads a whole CSV text: `;` or `,` (guessed from the first line), BOM removed. */
export function parseCsv(text: string): CsvRecord[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  try {
    const records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
    // info.lines is where the record ends; a record with a quoted line break starts earlier
    return records.map(({ record, info }) => ({
      line: info.lines - countBreaks(record),
      cells: record.map(unguardCell),
    }))
  } catch (error) {
    const line = Number((error as { lines?: number }).lines ?? 0)
    throw new CsvSyntaxError(
      'Fichier CSV mal formé (guillemet non fermé ou caractère inattendu).',
      line || 1
    )
  }
}

function countBreaks(record: string[]): number {
  return record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0)
}
