/*
 * Where the sales documents' PDFs are drawn (issue 15 §1, decision 555): in a pool of worker
 * threads (piscina), so that ten PDFs at once no longer queue on the request thread with every
 * other request. The request thread loads the document and its images (database, file storage),
 * the worker runs the very same drawDocument (render.ts, pure) and sends the bytes back. PDF_WORKERS
 * sets the pool's size (default: the cores less one, at least 1); 0 draws in process (what the
 * pool's equality test compares with).
 */
import { createHash } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { readBytes, sniffFormat, storedFileAt } from '#services/storage/files'
import {
  drawDocument,
  type DrawInput,
  type DrawResult,
  type RenderOptions,
} from '#services/pdf/render'
import type { DocumentData } from '#shared/document'
import { ByteLru } from '#services/cache/byte_lru'

export type { RenderOptions }

/** A PNG or JPEG from the file storage (logo, signature), by its key; anything else is left out. */
export async function imageBytes(key: string | null | undefined): Promise<Buffer | null> {
  if (!key) return null
  const bytes = await readBytes(storedFileAt(key))
  if (!bytes) {
    logger.warn({ key }, 'image unreadable: document printed without it')
    return null
  }
  const format = sniffFormat(bytes.subarray(0, 16))
  // pdfkit reads PNG and JPEG only: a WebP logo is left out (the Preview page still shows it)
  return format === 'png' || format === 'jpg' ? bytes : null
}

/** What a drawing could not include (an unreadable logo…), logged on the request's side. */
export function logPdfWarnings(warnings: { msg: string; err: string }[]) {
  for (const { msg, err } of warnings) logger.warn({ err }, msg)
}

/** The pool's size: PDF_WORKERS, else the cores less the request thread's, at least one. */
export function pdfWorkers(): number {
  const raw = process.env.PDF_WORKERS
  if (raw !== undefined && raw !== '' && /^\d+$/.test(raw)) return Math.min(Number(raw), 16)
  return Math.max(1, availableParallelism() - 1)
}

let pool: Piscina | null = null

function poolOf(size: number): Piscina {
  if (pool) return pool
  // From the TypeScript sources (dev, tests) the worker needs the same loader as this process;
  // the build's JavaScript needs none
  const typescript = import.meta.url.endsWith('.ts')
  pool = new Piscina({
    filename: new URL(typescript ? './pdf_worker.ts' : './pdf_worker.js', import.meta.url).href,
    minThreads: 1,
    maxThreads: size,
    // A worker started costs ~150 ms (pdfkit loaded): kept while PDFs are asked
    idleTimeout: 60_000,
    execArgv:
      typescript && !process.execArgv.some((a) => a.includes('ts-exec'))
        ? [...process.execArgv, '--import', '@poppinss/ts-exec']
        : process.execArgv,
  })
  const current = pool
  app.terminating(async () => {
    await current.destroy()
    if (pool === current) pool = null
  })
  return pool
}

/**
 * The PDFs drawn lately in this process, by a hash of everything drawDocument reads (decision
 * 681): drawDocument is pure, so the same input gives the same bytes, and any change of the
 * document, a logo or a signature is another key: never a stale PDF. A devis is printed several
 * times (the preview, the download, the mail, the customer's link); each time after the first
 * costs the hash of its data (~0.2 ms) instead of a drawing (20 ms of a worker for 50 lines).
 * Bounded by PDF_CACHE_MB (16 by default; 0 turns it off), least recently used first out.
 */
const drawn = new ByteLru<DrawResult & { pdf: Buffer }>()

function drawnLimit(): number {
  const raw = process.env.PDF_CACHE_MB
  const mb = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : 16
  return mb * 1024 * 1024
}

function inputKey(input: DrawInput): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify([input.doc, input.facturx]))
  // Each image with its length: a missing one and an empty one are different inputs
  for (const bytes of [input.logo, input.signature]) {
    hash.update(bytes ? `|${bytes.byteLength}|` : '|-|')
    if (bytes) hash.update(bytes)
  }
  return hash.digest('base64url')
}

function remember(key: string, result: DrawResult & { pdf: Buffer }, limit: number) {
  if (result.pdf.byteLength > limit / 4) return
  drawn.set(key, result)
  drawn.grow(key, result, result.pdf.byteLength, limit)
}

/** Forgets the PDFs drawn so far (tests). */
export function forgetDrawnPdfs() {
  drawn.clear()
}

/** Draws in the pool (or in process with PDF_WORKERS=0); the bytes are the same either way. */
export async function drawInPool(input: DrawInput): Promise<Buffer> {
  const limit = drawnLimit()
  const key = limit > 0 ? inputKey(input) : null
  // Used again: get moves it to the end, the most recently used
  const known = key ? drawn.get(key) : undefined
  if (known) {
    logPdfWarnings(known.warnings)
    return known.pdf
  }
  const size = pdfWorkers()
  const result: DrawResult =
    size === 0 ? await drawDocument(input) : await poolOf(size).run(input, { name: 'document' })
  logPdfWarnings(result.warnings)
  const raw = result.pdf
  const pdf = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
  if (key) remember(key, { pdf, warnings: result.warnings }, limit)
  return pdf
}

/** The document as an A4 PDF; a Factur-X (PDF/A-3b) when given its XML. */
export async function renderPdf(doc: DocumentData, opts: RenderOptions = {}): Promise<Buffer> {
  const [logo, signature] = await Promise.all([
    imageBytes(doc.emetteur.logo_path),
    imageBytes(doc.signature?.image_path),
  ])
  return drawInPool({ doc, logo, signature, facturx: opts.facturx ?? null })
}
