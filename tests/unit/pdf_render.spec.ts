/*
 * renderPdf on a DocumentData built in memory: the text a customer reads (parsed back with
 * PDF.js via unpdf), WinAnsi characters, page breaks with "Page X / Y", the draft mark and metadata.
 */
import { test } from '@japa/runner'
import { renderPdf } from '#services/pdf/index'
import { MENTION_TVA_6, type DocumentLigne } from '#shared/document'
import { formatEuros } from '#shared/totals'
import { sampleDocument } from '#tests/functional/pdf/sample_document'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'

const produit = (designation: string, pu: number, taux = 21, quantite = '1'): DocumentLigne => ({
  type: 'produit',
  designation,
  quantite,
  unite: 'piece',
  prix_unitaire_ht: pu,
  remise_pct: '0',
  taux_tva: taux,
  total_ht: null,
})

test.group('PDF / renderPdf', (group) => {
  // The first PDF starts the worker pool (decision 555): seconds on a busy machine
  group.each.timeout(60_000)

  test('prints the lines, VAT per rate, totals, accents and typographic characters', async ({
    assert,
  }) => {
    const { doc, totals } = sampleDocument([
      { ...produit('', 0), type: 'section', designation: 'Menuiserie', unite: null },
      produit('Fenêtre PVC 120×140 — œil-de-bœuf', 123456, 6, '2.5'),
      produit('Pose', 45000, 21),
      { ...produit('', 0), type: 'texte', designation: 'Garantie 10 ans ‘pièces’', unite: null },
      { ...produit('', 0), type: 'sous_total', designation: '', unite: null },
    ])
    const content = await renderPdf(doc)
    assert.equal(content.subarray(0, 5).toString(), '%PDF-')
    const { text, pages, info } = await pdfText(content)
    assert.include(text, 'Devis DEV-2026-00042')
    assert.include(text, 'Châssis et cœur de l’œuvre')
    assert.include(text, 'Fenêtre PVC 120×140 — œil-de-bœuf')
    assert.include(text, 'Mme Zoë Lefèvre')
    assert.include(text, 'Garantie 10 ans ‘pièces’')
    assert.include(text, 'voici notre offre - en « français » : parfait.')
    for (const g of totals.tva) assert.include(text, normaliseSpaces(formatEuros(g.tva)))
    assert.include(text, `TOTAL TTC ${normaliseSpaces(formatEuros(totals.total_ttc))}`)
    assert.include(text, `Acompte demandé (30 %) : ${normaliseSpaces(formatEuros(totals.acompte))}`)
    assert.include(text, 'BE 0123.456.749')
    assert.include(text, normaliseSpaces(MENTION_TVA_6).slice(0, 60))
    assert.include(text, 'Bon pour accord')
    assert.include(pages[0], 'Page 1 / 1')
    assert.equal(info.Title, 'Devis DEV-2026-00042')
    assert.equal(info.Author, 'ESI Menuiserie')
  })

  test('a long document breaks pages, repeats the table header and numbers every page', async ({
    assert,
  }) => {
    const lignes = Array.from({ length: 80 }, (_, i) => produit(`Article n° ${i + 1}`, 1000 + i))
    const { doc } = sampleDocument(lignes, { numero: null, brouillon: true })
    const started = performance.now()
    const content = await renderPdf(doc)
    const ms = performance.now() - started
    console.log(`      renderPdf, 80 lines: ${ms.toFixed(0)} ms, ${content.length} bytes`)
    const { pages } = await pdfText(content)
    assert.isAtLeast(pages.length, 2)
    pages.forEach((page, i) => {
      assert.include(page, `Page ${i + 1} / ${pages.length}`)
      assert.include(page, 'Désignation')
      assert.include(page, 'BROUILLON')
    })
    assert.include(pages[0], 'Devis (brouillon)')
    const all = pages.join('\n')
    for (let i = 1; i <= 80; i++) assert.include(all, `Article n° ${i} `)
  })

  test('timing: a 50-line devis (logged, not asserted)', async ({ assert }) => {
    const lignes = Array.from({ length: 50 }, (_, i) =>
      produit(`Châssis PVC double vitrage, réf. ${i + 1}, pose comprise`, 12345 + i, i % 3 ? 21 : 6)
    )
    const { doc } = sampleDocument(lignes)
    await renderPdf(doc) // warm-up (fonts, zlib)
    const runs: number[] = []
    for (let i = 0; i < 10; i++) {
      const started = performance.now()
      await renderPdf(doc)
      runs.push(performance.now() - started)
    }
    runs.sort((a, b) => a - b)
    console.log(
      `      renderPdf, 50 lines: median ${runs[5].toFixed(1)} ms, max ${runs[9].toFixed(1)} ms (10 runs)`
    )
    assert.lengthOf(runs, 10)
  })

  test('a designation longer than a page is cut, the document still renders', async ({
    assert,
  }) => {
    const long = 'Très long texte. '.repeat(2500)
    const { doc } = sampleDocument([produit(long, 100), produit('Après', 100)])
    const { pages } = await pdfText(await renderPdf(doc))
    assert.include(pages.join(' '), 'Après')
  })
})
