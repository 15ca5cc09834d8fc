/*
 * The PDF worker pool (decision 555): what a worker thread draws is the PDF the request thread
 * would have drawn, byte for byte and so text for text, for a devis, a long draft, a Factur-X
 * and several at once; a drawing failure in a worker reaches the caller as an error.
 */
import { test } from '@japa/runner'
import { drawDocument, type DrawInput } from '#services/pdf/render'
import { drawInPool, pdfWorkers } from '#services/pdf/pdf_pool'
import type { DocumentLigne } from '#shared/document'
import { pdfText } from '#tests/functional/pdf/pdf_text'
import { sampleDocument } from '#tests/functional/pdf/sample_document'

const produit = (designation: string, pu: number, taux = 21): DocumentLigne => ({
  type: 'produit',
  designation,
  quantite: '2',
  unite: 'piece',
  prix_unitaire_ht: pu,
  remise_pct: '0',
  taux_tva: taux,
  total_ht: null,
})

const lignes = (n: number) =>
  Array.from({ length: n }, (_, i) => produit(`Châssis n° ${i + 1} — œil-de-bœuf`, 9000 + i * 7))

/** Runs `fn` with PDF_WORKERS set (the pool is made on its first use with that size). */
async function withWorkers<T>(value: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.PDF_WORKERS
  process.env.PDF_WORKERS = value
  try {
    return await fn()
  } finally {
    if (before === undefined) delete process.env.PDF_WORKERS
    else process.env.PDF_WORKERS = before
  }
}

const inputs: [string, DrawInput][] = [
  [
    'a 50-line devis',
    { doc: sampleDocument(lignes(50)).doc, logo: null, signature: null, facturx: null },
  ],
  [
    'a 120-line draft over several pages',
    {
      doc: sampleDocument(lignes(120), { numero: null, brouillon: true }).doc,
      logo: null,
      signature: null,
      facturx: null,
    },
  ],
  [
    'a Factur-X (PDF/A-3b, fonts embedded, XML attached)',
    {
      doc: sampleDocument(lignes(10), { kind: 'facture', numero: 'FAC-2026-00007' }).doc,
      logo: null,
      signature: null,
      facturx: { xml: '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>' },
    },
  ],
]

test.group('PDF / worker pool', () => {
  test('the pool has at least one worker unless PDF_WORKERS=0', async ({ assert }) => {
    await withWorkers('0', async () => assert.equal(pdfWorkers(), 0))
    await withWorkers('2', async () => assert.equal(pdfWorkers(), 2))
    await withWorkers('', async () => assert.isAtLeast(pdfWorkers(), 1))
  })

  for (const [label, input] of inputs) {
    test(`${label}: the worker's PDF is the in-process one`, async ({ assert }) => {
      const drawn = await drawDocument(input)
      const local = Buffer.from(drawn.pdf)
      const pooled = await withWorkers('2', () => drawInPool(input))
      assert.isTrue(Buffer.isBuffer(pooled))
      assert.equal(pooled.subarray(0, 5).toString(), '%PDF-')
      const [a, b] = [await pdfText(local), await pdfText(pooled)]
      assert.isAbove(a.text.length, 100)
      assert.deepEqual(b.pages, a.pages)
      assert.deepEqual(b.info, a.info)
      assert.isTrue(pooled.equals(local), 'the same bytes')
    }).timeout(60_000) // a worker's first start on a busy machine
  }

  test('ten PDFs at once come back each with its own content', async ({ assert }) => {
    const docs = Array.from(
      { length: 10 },
      (_, i) => sampleDocument(lignes(5 + i), { numero: `DEV-2026-0010${i}` }).doc
    )
    const pdfs = await withWorkers('2', () =>
      Promise.all(
        docs.map((doc) => drawInPool({ doc, logo: null, signature: null, facturx: null }))
      )
    )
    for (const [i, pdf] of pdfs.entries()) {
      const { text } = await pdfText(pdf)
      assert.include(text, `Devis DEV-2026-0010${i}`)
      assert.include(text, `Châssis n° ${5 + i} `)
      assert.notInclude(text, `Châssis n° ${6 + i} `)
    }
  }).timeout(60_000)

  test('a drawing that fails in a worker fails the caller', async ({ assert }) => {
    const { doc } = sampleDocument(lignes(1))
    const broken = { ...doc, emetteur: null } as never
    await withWorkers('2', async () => {
      await assert.rejects(() =>
        drawInPool({ doc: broken, logo: null, signature: null, facturx: null })
      )
    })
  }).timeout(60_000)
})
