/*
 * The page layout of every printed document (A4, margins, fonts, colours) and the Writer that
 * flows text down the pages: one place for both, shared by render.ts and the annex pages.
 */
import type { DocumentData } from '#shared/document'
import { sanitizePdfText } from '#services/pdf/sanitize'

export type Doc = PDFKit.PDFDocument

/** Every text goes through it: built-in Helvetica only knows WinAnsi. */
export const t = sanitizePdfText

export const PAGE_W = 595.28
export const PAGE_H = 841.89
export const LEFT = 42
export const RIGHT = PAGE_W - 42
export const WIDTH = RIGHT - LEFT
export const TOP = 40
/** The footer (identity, bank, page number) starts here on every page. */
export const FOOTER_TOP = PAGE_H - 56
/** Content never goes below this line. */
export const BOTTOM = FOOTER_TOP - 10

export const FONT = 'Helvetica'
export const BOLD = 'Helvetica-Bold'
export const ITALIC = 'Helvetica-Oblique'

export const INK = '#1f2933'
export const MUTED = '#6b7280'
export const ACCENT = '#1d4e89'
export const RULE = '#d6dbe1'
export const SHADE = '#eef2f7'

export class Writer {
  y = TOP
  /** What could not be drawn (an image…): logged by the caller, a worker thread has no logger. */
  readonly warnings: { msg: string; err: string }[] = []

  constructor(
    readonly pdf: Doc,
    readonly doc: DocumentData
  ) {}

  font(name: string, size: number, color = INK) {
    this.pdf.font(name).fontSize(size).fillColor(color)
    return this
  }

  height(text: string, width: number, options: PDFKit.Mixins.TextOptions = {}) {
    return this.pdf.heightOfString(t(text), { width, ...options })
  }

  /** Text at (x, y) without moving the flow. */
  at(text: string, x: number, y: number, width: number, options: PDFKit.Mixins.TextOptions = {}) {
    this.pdf.text(t(text), x, y, { width, lineGap: 1, ...options })
  }

  warn(error: unknown, msg: string) {
    this.warnings.push({ msg, err: error instanceof Error ? error.message : String(error) })
  }

  newPage() {
    this.pdf.addPage()
    this.y = TOP
  }

  /** Starts a new page when `needed` points do not fit anymore. */
  ensure(needed: number) {
    if (this.y + needed > BOTTOM) this.newPage()
  }

  /** Flowing text: pdfkit continues it on the next page by itself (margins below). */
  paragraph(text: string, size = 9, font = FONT, color = INK) {
    this.font(font, size, color)
    this.ensure(size * 2)
    this.pdf.text(t(text), LEFT, this.y, { width: WIDTH, lineGap: 1.5 })
    this.y = this.pdf.y
  }
}
