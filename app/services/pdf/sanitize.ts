/*
 * The standard PDF fonts (Helvetica…) only know the WinAnsi characters (Windows-1252). pdfkit
 * prints anything else as a blank or a wrong glyph, so every text goes through sanitizePdfText:
 * typographic spaces and dashes become their WinAnsi cousins, accents written as combining marks
 * are composed, letters outside the set lose their accent, anything left becomes "?".
 */

/** Characters of Windows-1252 beyond Latin-1 (0x80–0x9F), by code point. */
const WIN_ANSI_EXTRA = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
    0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
    0x0153, 0x017e, 0x0178,
  ].map((c) => String.fromCodePoint(c))
)

const REPLACEMENTS: Record<string, string> = {
  '\u202f': '\u00a0', // narrow no-break space (Intl fr-BE numbers)
  '\u2007': '\u00a0', // figure space
  '\u2009': ' ', // thin space
  '\u200a': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2008': ' ',
  '\u205f': ' ',
  '\u3000': ' ',
  '\t': ' ',
  '\u2212': '-', // minus sign
  '\u2010': '-',
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '\u2013',
  '\u2015': '\u2014',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2028': '\n',
  '\u2029': '\n',
  '\u00ad': '', // soft hyphen
  '\u200b': '', // zero-width space
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  )
}

/** Text that the PDF standard fonts print as typed (see above). */
export function sanitizePdfText(text: string | null | undefined): string {
  if (!text) return ''
  const composed = text.replace(/\r\n?/g, '\n').normalize('NFC')
  let out = ''
  for (const char of composed) {
    const replacement = REPLACEMENTS[char]
    if (replacement !== undefined) {
      out += replacement
      continue
    }
    if (isWinAnsi(char)) {
      out += char
      continue
    }
    // "ă" → "a", "ș" → "s"; other control characters are dropped; the rest becomes "?"
    const base = char.normalize('NFD').replace(/\p{M}/gu, '')
    if (base && [...base].every(isWinAnsi)) out += base
    else if (!/\p{C}/u.test(char)) out += '?'
  }
  return out
}
