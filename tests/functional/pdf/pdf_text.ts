/*
 * A PDF parsed back to text with pdfjs-dist (legacy build: runs in Node, no worker), page by page,
 * for tests that check what a customer reads. Spaces (no-break included) are collapsed to one
 * plain space so that "1 234,56 €" compares as typed.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export type PdfText = { pages: string[]; text: string; info: Record<string, unknown> }

export function normaliseSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ')
}

export async function pdfText(content: Uint8Array): Promise<PdfText> {
  const task = getDocument({
    data: new Uint8Array(content),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  })
  const pdf = await task.promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const items = await page.getTextContent()
    const parts = items.items.map((item) =>
      'str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''
    )
    pages.push(normaliseSpaces(parts.join('')))
  }
  const meta = await pdf.getMetadata()
  await task.destroy()
  return { pages, text: pages.join('\n'), info: (meta.info ?? {}) as Record<string, unknown> }
}
