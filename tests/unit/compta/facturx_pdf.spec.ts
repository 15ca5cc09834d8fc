/*
 * renderPdf as a Factur-X (app/services/pdf/facturx.ts) on a facture built in memory: PDF 1.7,
 * PDF/A-3b and Factur-X XMP keys, factur-x.xml attached (Alternative, in the catalog's /AF),
 * every font embedded, the text still extractable; the plain PDF keeps its base-14 Helvetica.
 */
import { test } from '@japa/runner'
import { XMLParser } from 'fast-xml-parser'
import { renderPdf } from '#services/pdf/index'
import { generateCii } from '#services/compta/cii/generate'
import { legalMentions, type DocumentData } from '#shared/document'
import { computeTotals, formatEuros } from '#shared/totals'
import { invoice } from '#tests/fixtures/ubl/documents'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import {
  catalogAf,
  embeddedFiles,
  fonts,
  pdfObjects,
  pdfVersion,
  xmpPacket,
} from '#tests/functional/pdf/pdf_objects'

function facture(): DocumentData {
  const lignes = [
    {
      type: 'produit' as const,
      designation: 'Châssis PVC — œil-de-bœuf',
      quantite: '2',
      unite: 'piece' as const,
      prix_unitaire_ht: 125_000,
      remise_pct: '0',
      taux_tva: 21,
      total_ht: null,
    },
  ]
  const totals = computeTotals({ lignes, remise_globale_pct: '0' })
  const emetteur = {
    nom: 'Menuiseries Dubois & Fils',
    forme_juridique: 'SRL',
    lignes_adresse: ['Chaussée de Louvain 212', '5000 Namur'],
    numero_tva: 'BE0456789034',
    rpm: null,
    iban: 'BE68 5390 0754 7034',
    bic: 'GKCCBEBB',
    email: 'info@dubois.test',
    telephone: null,
  }
  return {
    kind: 'facture',
    numero: 'FAC-2026-00042',
    brouillon: false,
    date: '2026-03-12',
    echeance: '2026-04-11',
    objet: 'Rénovation',
    adresse_chantier: null,
    emetteur,
    destinataire: {
      nom: 'Atelier Lumière',
      lignes_adresse: ['12 rue des Lilas', '59000 Lille', 'FR'],
      numero_tva: 'FR40303265045',
      email: null,
      telephone: null,
    },
    intro: null,
    lignes: lignes.map((l, i) => ({ ...l, total_ht: totals.lignes[i].total_ht })),
    total_brut_ht: totals.total_brut_ht,
    remise_globale_pct: '0',
    remise_globale: totals.remise_globale,
    total_ht: totals.total_ht,
    total_tva: totals.total_tva,
    total_ttc: totals.total_ttc,
    tva: totals.tva,
    conditions: null,
    mentions: legalMentions({ emetteur, tauxUtilises: [21], clientProfessionnel: true }),
  }
}

test.group('Factur-X / the PDF', (group) => {
  // The first PDF starts the worker pool (decision 555): seconds on a busy machine
  group.each.timeout(60_000)

  test('PDF/A-3b with the Factur-X XMP, factur-x.xml attached, fonts embedded', async ({
    assert,
  }) => {
    const doc = facture()
    const xml = generateCii(invoice())
    const content = await renderPdf(doc, { facturx: { xml } })
    assert.equal(pdfVersion(content), '1.7')
    const objects = pdfObjects(content)

    const xmp = xmpPacket(objects)
    assert.match(xmp, /<pdfaid:part>3<\/pdfaid:part>/)
    assert.match(xmp, /<pdfaid:conformance>B<\/pdfaid:conformance>/)
    assert.match(xmp, /<fx:DocumentType>INVOICE<\/fx:DocumentType>/)
    assert.match(xmp, /<fx:DocumentFileName>factur-x.xml<\/fx:DocumentFileName>/)
    assert.match(xmp, /<fx:Version>1.0<\/fx:Version>/)
    assert.match(xmp, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/)
    assert.match(xmp, /<pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/)
    // The XMP is well-formed XML (pdfkit writes the title and author unescaped: « & » is gone)
    assert.doesNotThrow(() => new XMLParser().parse(xmp.replace(/<\?xpacket[^>]*\?>/g, '')))
    assert.include(xmp, 'Menuiseries Dubois et Fils')

    const files = embeddedFiles(objects)
    assert.lengthOf(files, 1)
    assert.equal(files[0].name, 'factur-x.xml')
    assert.equal(files[0].relationship, 'Alternative')
    assert.equal(files[0].subtype, 'text#2Fxml')
    assert.equal(files[0].content.toString('utf8'), xml)
    assert.deepEqual(catalogAf(objects), [files[0].specId])
    assert.isTrue(objects.some((o) => /\/Type \/OutputIntent/.test(o.dict)))

    const used = fonts(objects)
    assert.isAbove(used.length, 0)
    for (const f of used) assert.isTrue(f.embedded, `${f.baseFont} not embedded`)
    assert.isFalse(used.some((f) => /Helvetica/.test(f.baseFont)))

    const { text } = await pdfText(content)
    assert.include(text, 'Facture FAC-2026-00042')
    assert.include(text, 'Châssis PVC — œil-de-bœuf')
    assert.include(text, normaliseSpaces(formatEuros(doc.total_ttc)))
  })

  test('the plain PDF is unchanged: PDF 1.3, Helvetica not embedded, no attachment', async ({
    assert,
  }) => {
    const content = await renderPdf(facture())
    assert.equal(pdfVersion(content), '1.3')
    const objects = pdfObjects(content)
    assert.lengthOf(embeddedFiles(objects), 0)
    assert.isTrue(fonts(objects).every((f) => /Helvetica/.test(f.baseFont) && !f.embedded))
  })

  test('bench: Factur-X render time against the plain PDF (printed, not asserted)', async ({
    assert,
  }) => {
    const doc = facture()
    const xml = generateCii(invoice())
    const time = async (facturx: boolean) => {
      const start = performance.now()
      let size = 0
      for (let i = 0; i < 5; i++) {
        const content = await renderPdf(doc, facturx ? { facturx: { xml } } : {})
        size = content.length
      }
      return { ms: (performance.now() - start) / 5, size }
    }
    await time(true) // warm-up: the fonts are read and parsed once
    const plain = await time(false)
    const fx = await time(true)
    console.log(
      `bench renderPdf: plain ${plain.ms.toFixed(1)} ms ${plain.size} B, Factur-X ${fx.ms.toFixed(1)} ms ${fx.size} B`
    )
    assert.isAbove(fx.size, 0)
  })
})
