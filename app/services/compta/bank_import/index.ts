/*
 * One entry for the bank import: detects CAMT.053 or CODA, decodes the bytes, caps the size.
 * Pure: no database, no files; the caller records the lines whose unique_key is new.
 */
import { parseCamt053 } from './camt053.js'
import { parseCoda } from './coda.js'
import { failed, type ParseResult } from './types.js'

export type {
  BankFormat,
  ParseError,
  ParseResult,
  StatementLine,
  StatementSummary,
} from './types.js'
export { matchLines } from './match.js'

/** A year of daily CODA for one account is about 1 MB; 5 MB leaves room without risk */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024

/**
 * UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252: CODA files come
 * from Belgian banks in Latin-1/1252, and 1252 is a superset of Latin-1's printable range.
 * An XML declaration naming ISO-8859-1 or windows-1252 is followed.
 */
export function decodeStatement(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200))
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase()
  if (declared && /^(iso-8859-1|iso-8859-15|latin1|windows-1252|cp1252)$/.test(declared)) {
    return new TextDecoder(declared === 'iso-8859-15' ? 'iso-8859-15' : 'windows-1252').decode(
      bytes
    )
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

export function detectFormat(text: string): 'camt053' | 'coda' | 'xml' | null {
  const start = text.replace(/^\uFEFF/, '').trimStart()
  if (start.startsWith('<')) {
    return /<(\w+:)?BkToCstmrStmt[\s/>]/.test(text) || /camt\.053\.001\.\d\d/.test(text)
      ? 'camt053'
      : 'xml'
  }
  // Record 0: "0", four zeros, a DDMMYY date
  if (/^0{5}\d{6}/.test(start)) return 'coda'
  return null
}

export function parseStatement(input: Uint8Array | string, filename?: string): ParseResult {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength
  if (size > MAX_STATEMENT_BYTES) {
    return failed(null, [{ line: 0, message: 'Le fichier dépasse la taille maximale de 5 Mo.' }])
  }
  if (size === 0) return failed(null, [{ line: 0, message: 'Le fichier est vide.' }])
  const text = typeof input === 'string' ? input : decodeStatement(input)
  switch (detectFormat(text)) {
    case 'camt053':
      return parseCamt053(text.replace(/^\uFEFF/, ''))
    case 'coda':
      return parseCoda(text.replace(/^\uFEFF/, ''))
    case 'xml':
      return failed(null, [
        {
          line: 1,
          message: 'Ce fichier XML n’est pas un relevé CAMT.053 (extrait de compte ISO 20022).',
        },
      ])
    default:
      return failed(null, [
        {
          line: 0,
          message: `Format non reconnu${filename ? ` pour « ${filename} »` : ''} : un relevé CAMT.053 (XML) ou CODA est attendu.`,
        },
      ])
  }
}
