/*
 * A PDF parsed back to text with PDF.js (unpdf's serverless build: runs in Node, no worker, no
 * native canvas package), page by page,
 * for tests that check what a customer reads. Spaces (no-break included) are collapsed to one
 * plain space so that "1 234,56 €" compares as typed.
 */
import { getDocumentProxy } from 'unpdf'
import type User from '#models/user'

export type PdfText = { pages: string[]; text: string; info: Record<string, unknown> }

export function normaliseSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ')
}

export async function pdfText(content: Uint8Array): Promise<PdfText> {
  const pdf = await getDocumentProxy(new Uint8Array(content), {
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  })
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
  await pdf.cleanup()
  return { pages, text: pages.join('\n'), info: (meta.info ?? {}) as Record<string, unknown> }
}

/** GET a PDF as `user`, body as a Buffer. */
export async function getPdf(client: any, url: string, user: User | null) {
  const request = client.get(url).redirects(0)
  if (user) request.loginAs(user)
  request.request
    .buffer(true)
    .parse((res: any, done: (err: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
  const response = await request
  return { response, body: response.body() as Buffer }
}
