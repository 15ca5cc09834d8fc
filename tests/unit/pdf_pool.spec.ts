/*
 * The PDF worker pool (decision 555): what a worker thread draws is the PDF the request thread
 * would have drawn, byte for byte and so text for text, for a devis, a long draft, a Factur-X
 * and several at once; a drawing failure in a worker reaches the caller as an error.
 */
import { test } from '@japa/runner'
import { drawDocument, type DrawInput } from '#services/pdf/render'
import { drawInPool, forgetDrawnPdfs, pdfWorkers } from '#services/pdf/pdf_pool'
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

/** Runs `fn` with the environment variable `name` set, then puts it back as it was. */
async function withEnv<T>(name: string, value: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env[name]
  process.env[name] = value
  try {
    return await fn()
  } finally {
    if (before === undefined) delete process.env[name]
    else process.env[name] = before
  }
}

/** PDF_WORKERS set (the pool is made on its first use with that size). */
const withWorkers = <T>(value: string, fn: () => Promise<T>) => withEnv('PDF_WORKERS', value, fn)
/** PDF_CACHE_MB set (read at each drawing). */
const withCacheMb = <T>(value: string, fn: () => Promise<T>) => withEnv('PDF_CACHE_MB', value, fn)

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

test.group('PDF / worker pool', (group) => {
  // Each drawing really drawn (the memo of decision 681 would answer the second one)
  group.each.setup(() => forgetDrawnPdfs())

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
      forgetDrawnPdfs()
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

test.group('PDF / drawn PDFs kept by their input (decision 681)', (group) => {
  group.each.setup(() => forgetDrawnPdfs())

  test('the same input gives the same PDF again without drawing it', async ({ assert }) => {
    const input: DrawInput = {
      doc: sampleDocument(lignes(20)).doc,
      logo: null,
      signature: null,
      facturx: null,
    }
    const first = await withWorkers('0', () => drawInPool(input))
    // An equal input (another object): the very Buffer kept from the first drawing
    const again = await withWorkers('0', () => drawInPool(structuredClone(input)))
    assert.strictEqual(again, first, 'the kept bytes')
    const fresh = await drawDocument(input)
    assert.isTrue(again.equals(Buffer.from(fresh.pdf)))
  })

  test('any change of the document, the logo or the signature is drawn anew', async ({
    assert,
  }) => {
    const { doc } = sampleDocument(lignes(3), { numero: 'DEV-2026-00500' })
    const base: DrawInput = { doc, logo: null, signature: null, facturx: null }
    const first = await withWorkers('0', () => drawInPool(base))
    const changed = structuredClone(doc)
    changed.lignes[1] = produit('Porte d’entrée modifiée', 1234)
    const other = await withWorkers('0', () => drawInPool({ ...base, doc: changed }))
    assert.notStrictEqual(other, first)
    const { text } = await pdfText(other)
    assert.include(text, 'Porte d’entrée modifiée')
    // An empty image and no image are two inputs (the key counts each image's length)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
      'base64'
    )
    const withLogo = await withWorkers('0', () => drawInPool({ ...base, logo: png }))
    assert.notStrictEqual(withLogo, first)
    assert.isFalse(withLogo.equals(first))
    const withSignature = await withWorkers('0', () => drawInPool({ ...base, signature: png }))
    assert.notStrictEqual(withSignature, withLogo)
  })

  test('PDF_CACHE_MB=0 draws every time; the oldest PDFs leave first', async ({ assert }) => {
    const input = (n: number): DrawInput => ({
      doc: sampleDocument(lignes(2), { numero: `DEV-2026-0060${n}` }).doc,
      logo: null,
      signature: null,
      facturx: null,
    })
    await withCacheMb('0', async () => {
      const a = await withWorkers('0', () => drawInPool(input(1)))
      const b = await withWorkers('0', () => drawInPool(input(1)))
      assert.notStrictEqual(a, b)
      assert.isTrue(a.equals(b))
    })
    // 1 MB holds a few small PDFs: after many, the first is drawn again, the last is kept
    await withCacheMb('1', async () => {
      const first = await withWorkers('0', () => drawInPool(input(0)))
      const size = first.byteLength
      const count = Math.ceil((1024 * 1024) / size) + 2
      let last = first
      for (let n = 1; n <= count; n++) {
        last = await withWorkers('0', () =>
          drawInPool({ ...input(1), doc: { ...input(1).doc, objet: `Objet ${n}` } })
        )
      }
      const lastAgain = await withWorkers('0', () =>
        drawInPool({ ...input(1), doc: { ...input(1).doc, objet: `Objet ${count}` } })
      )
      assert.strictEqual(lastAgain, last)
      const firstAgain = await withWorkers('0', () => drawInPool(input(0)))
      assert.notStrictEqual(firstAgain, first)
      assert.isTrue(firstAgain.equals(first))
    })
  }).timeout(120_000)
})
