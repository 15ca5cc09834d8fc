/*
 * The devis PDF and Preview page through HTTP (issue 5, deliverable 3): headers, the text a
 * customer reads parsed back with PDF.js (unpdf) (number, client, lines, VAT per rate, TOTAL TTC
 * equal to shared/totals.ts, acompte, legal mentions, page numbers), earlier versions, and rights.
 */
import { test } from '@japa/runner'
import type User from '#models/user'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { clientDisplayName } from '#shared/clients'
import { MENTION_AUTOLIQUIDATION, MENTION_TVA_6 } from '#shared/document'
import { computeTotals, formatEuros } from '#shared/totals'
import { devisDocument, DocumentTotalsMismatchException } from '#services/pdf/index'
import Devis from '#models/devis'
import { getPdf, normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import {
  autre,
  makeDevis,
  makeEsiSociete,
  makeRevision,
  produit,
} from '#tests/functional/pdf/helpers'

const money = (cents: number) => normaliseSpaces(formatEuros(cents))
const mention = (text: string) => normaliseSpaces(text).slice(0, 70)

/** GET a PDF as `user` and parse it back. */
async function textOf(client: any, url: string, user: User) {
  const { body } = await getPdf(client, url, user)
  return pdfText(body)
}

test.group('PDF / devis', (group) => {
  withTransaction(group)

  test('a sent devis: headers, number, client, lines, VAT per rate, totals, acompte, 6 % mention', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({
      numero: 'DEV-2026-00001',
      commercialId: user.id,
      remiseGlobalePct: '5',
      lignes: [
        autre('section', 'Rez-de-chaussée'),
        produit('Châssis PVC 120 × 140', 123456, 21, '2'),
        produit('Porte d’entrée en chêne', 250000, 6, '1', '10'),
        autre('sous_total'),
        autre('texte', 'Pose comprise, évacuation des déchets.'),
      ],
    })
    const { response, body } = await getPdf(client, `/esi/devis/${made.devis.id}/pdf`, user)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    assert.equal(response.header('content-disposition'), 'inline; filename="DEV-2026-00001.pdf"')
    assert.equal(response.header('cache-control'), 'no-store')
    assert.equal(response.header('x-content-type-options'), 'nosniff')

    const { text, pages, info } = await pdfText(body)
    const totals = computeTotals({
      lignes: made.lignes,
      remise_globale_pct: '5',
      acompte_pct: '30',
    })
    assert.equal(totals.total_ttc, made.devis.totalTtc)
    assert.include(text, 'Devis DEV-2026-00001')
    assert.include(text, normaliseSpaces(clientDisplayName(made.client)))
    for (const l of made.lignes.filter((x) => x.designation))
      assert.include(text, normaliseSpaces(l.designation))
    assert.lengthOf(totals.tva, 2)
    for (const g of totals.tva) {
      assert.include(text, `${g.taux_tva} % ${money(g.base_brute)}`)
      assert.include(text, money(g.tva))
    }
    assert.include(text, `Total TVA ${money(totals.total_tva)}`)
    assert.include(text, `TOTAL TTC ${money(totals.total_ttc)}`)
    assert.include(text, `Acompte demandé (30 %) : ${money(totals.acompte)}`)
    assert.include(text, mention(MENTION_TVA_6))
    assert.notInclude(text, 'Autoliquidation')
    assert.include(text, 'BE 0123.456.749')
    assert.include(text, 'ESI Châssis SRL')
    assert.include(text, user.name)
    assert.include(text, 'Bon pour accord')
    assert.include(pages[0], 'Page 1 / 1')
    assert.notInclude(text, 'BROUILLON')
    assert.equal(info.Title, 'Devis DEV-2026-00001')
    assert.equal(info.Author, 'ESI Châssis')
  })

  test('no 6 % line, no 6 % mention; a professional client with a 0 % line gets autoliquidation', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const plain = await makeDevis({ lignes: [produit('Châssis', 10000, 21)] })
    const first = await textOf(client, `/esi/devis/${plain.devis.id}/pdf`, user)
    assert.notInclude(first.text, mention(MENTION_TVA_6))
    assert.notInclude(first.text, 'Autoliquidation')

    const pro = await ClientFactory.apply('professionnel').create()
    const b2b = await makeDevis({
      client: pro,
      lignes: [produit('Menuiseries extérieures', 500000, 0), produit('Étude', 20000, 21)],
    })
    const { text } = await textOf(client, `/esi/devis/${b2b.devis.id}/pdf`, user)
    assert.include(text, mention(MENTION_AUTOLIQUIDATION))
    assert.include(text, 'TVA BE 0403.170.701')

    // The same 0 % line for a private customer: no autoliquidation
    const particulier = await makeDevis({ lignes: [produit('Menuiseries', 500000, 0)] })
    const other = await textOf(client, `/esi/devis/${particulier.devis.id}/pdf`, user)
    assert.notInclude(other.text, 'Autoliquidation')
  })

  test('a long draft: "Page 1 / 2", header repeated, BROUILLON, file named after the id', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const lignes = Array.from({ length: 80 }, (_, i) =>
      produit(`Article n° ${i + 1}`, 1000 + i, i % 2 ? 21 : 6)
    )
    const made = await makeDevis({ lignes })
    const { response, body } = await getPdf(client, `/esi/devis/${made.devis.id}/pdf`, user)
    response.assertStatus(200)
    assert.equal(
      response.header('content-disposition'),
      `inline; filename="devis-brouillon-${made.devis.id}.pdf"`
    )
    const { pages, text } = await pdfText(body)
    assert.isAtLeast(pages.length, 2)
    assert.include(pages[0], `Page 1 / ${pages.length}`)
    assert.include(pages[1], `Page 2 / ${pages.length}`)
    assert.include(pages[1], 'Désignation')
    assert.include(pages[0], 'Devis (brouillon)')
    assert.include(text, 'BROUILLON')
    for (let i = 1; i <= 80; i++) assert.include(text, `Article n° ${i} `)
    assert.include(text, `TOTAL TTC ${money(made.totals.total_ttc)}`)
  })

  test('an earlier version prints from its snapshot', async ({ client, assert }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({ numero: 'DEV-2026-00077', lignes: [produit('Actuel', 99900)] })
    const old = await makeRevision(made, 1, [produit('Ancienne fenêtre', 45000, 6, '3')])
    const { response, body } = await getPdf(
      client,
      `/esi/devis/${made.devis.id}/revisions/1/pdf`,
      user
    )
    response.assertStatus(200)
    assert.equal(response.header('content-disposition'), 'inline; filename="DEV-2026-00077-v1.pdf"')
    const { text } = await pdfText(body)
    assert.include(text, 'Devis DEV-2026-00077')
    assert.include(text, 'Ancienne fenêtre')
    assert.include(text, 'Première version')
    assert.notInclude(text, 'Actuel')
    assert.include(text, `TOTAL TTC ${money(old.total_ttc)}`)
    assert.include(text, mention(MENTION_TVA_6))

    const missing = await getPdf(client, `/esi/devis/${made.devis.id}/revisions/9/pdf`, user)
    missing.response.assertStatus(404)
  })

  test('rights: pro and other get 403, a guest goes to login, unknown ids 404', async ({
    client,
  }) => {
    const made = await makeDevis({ numero: 'DEV-2026-00002' })
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of [
        `/esi/devis/${made.devis.id}/pdf`,
        `/esi/devis/${made.devis.id}/preview`,
      ]) {
        const response = await client.get(url).loginAs(user).withInertia().redirects(0)
        response.assertStatus(403)
      }
    }
    const guest = await client.get(`/esi/devis/${made.devis.id}/pdf`).redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')

    const esi = await makeUser('esi')
    for (const url of [
      '/esi/devis/999999/pdf',
      '/esi/devis/999999/preview',
      '/esi/devis/abc/pdf',
    ]) {
      const response = await client.get(url).loginAs(esi).redirects(0)
      response.assertStatus(404)
    }
  })

  test('stored totals that do not follow from the lines are never printed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const made = await makeDevis({ numero: 'DEV-2026-00003' })
    await Devis.query()
      .where('id', made.devis.id)
      .update({ total_ttc: made.devis.totalTtc + 1 })
    await assert.rejects(() => devisDocument(made.devis.id), DocumentTotalsMismatchException as any)
    const response = await client.get(`/esi/devis/${made.devis.id}/pdf`).loginAs(user).redirects(0)
    response.assertStatus(500)
    assert.notInclude(response.text(), 'at ')
  })
})

test.group('PDF / devis Preview page', (group) => {
  withTransaction(group)

  test('esi/devis/Preview gets the document the PDF prints, logo as a URL', async ({
    client,
    assert,
  }) => {
    const { storeLogoBytes, TINY_PNG } = await import('#services/logo_storage')
    const societe = await makeEsiSociete({ logoPath: await storeLogoBytes(TINY_PNG) })
    const user = await makeUser('esi')
    const made = await makeDevis({
      numero: 'DEV-2026-00010',
      lignes: [produit('Volet roulant', 80000, 6)],
    })
    await makeRevision(made, 1, [produit('Volet', 70000, 6)])
    const response = await client
      .get(`/esi/devis/${made.devis.id}/preview`)
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    const page = response.body()
    assert.equal(page.component, 'esi/devis/Preview')
    const doc = page.props.document
    assert.equal(doc.kind, 'devis')
    assert.equal(doc.numero, 'DEV-2026-00010')
    assert.equal(doc.total_ttc, made.totals.total_ttc)
    assert.equal(doc.total_tva, made.totals.total_tva)
    assert.deepEqual(doc.tva, made.totals.tva)
    assert.equal(doc.acompte, made.totals.acompte)
    assert.equal(doc.lignes[0].designation, 'Volet roulant')
    assert.equal(doc.lignes[0].total_ht, 80000)
    assert.equal(doc.destinataire.nom, clientDisplayName(made.client))
    assert.include(doc.mentions.join(' '), MENTION_TVA_6)
    assert.equal(doc.emetteur.logo_url, `/app/company/${societe.id}/logo`)
    // A server path never reaches the browser
    assert.notExists(doc.emetteur.logo_path)
    assert.deepEqual(
      page.props.revisions.map((r: any) => r.revision),
      [1]
    )
    assert.equal(page.props.devis.id, made.devis.id)

    // The PDF of the same devis prints the logo without failing
    const pdf = await getPdf(client, `/esi/devis/${made.devis.id}/pdf`, user)
    pdf.response.assertStatus(200)
  })

  test('placeholders of the intro and conditions are filled in the preview and the PDF', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    // A new version being written (numbered, brouillon): a sent devis is frozen
    const made = await makeDevis({ numero: 'DEV-2026-00011', statut: 'brouillon' })
    made.devis.merge({
      intro: 'Madame, Monsieur {{client.nom}}, voici notre devis {{devis.numero}}.',
      conditions: 'Acompte de {{devis.acompte_pct}} % à la commande.',
    })
    await made.devis.save()
    const doc = await devisDocument(made.devis.id)
    const nom =
      made.client.type === 'professionnel' && made.client.societe
        ? made.client.societe
        : made.client.nom
    assert.equal(doc.intro, `Madame, Monsieur ${nom}, voici notre devis DEV-2026-00011.`)
    assert.equal(doc.conditions, 'Acompte de 30 % à la commande.')
    const { text } = await textOf(client, `/esi/devis/${made.devis.id}/pdf`, user)
    assert.include(text, 'voici notre devis DEV-2026-00011')
    assert.notInclude(text, '{{')
  })

  test('a draft never prints « n° du … »: its number placeholder says (brouillon)', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const made = await makeDevis({ numero: null, statut: 'brouillon' })
    made.devis.merge({ intro: 'Notre offre n° {{devis.numero}} du {{devis.date}}.' })
    await made.devis.save()
    const doc = await devisDocument(made.devis.id)
    assert.match(doc.intro!, /^Notre offre n° \(brouillon\) du \d{2}\/\d{2}\/\d{4}\.$/)
  })
})

test.group('PDF / devis options (issue 14 §1)', (group) => {
  withTransaction(group)

  test('options print their label; an unticked one in brackets, out of the totals, with the note', async ({
    client,
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const made = await makeDevis({
      numero: 'DEV-2026-00077',
      commercialId: user.id,
      lignes: [
        produit('Châssis PVC 120 × 140', 100_000, 21, '1'),
        { ...produit('Volet roulant motorisé', 45_000, 21, '1'), optionnel: true, retenue: false },
        { ...produit('Moustiquaire', 8_000, 21, '2'), optionnel: true, retenue: true },
      ],
    })
    // 1 000 + 160 counted at 21 %: the 450 € option is not
    assert.equal(made.devis.totalTtc, 140_360)
    const { text } = await textOf(client, `/esi/devis/${made.devis.id}/pdf`, user)
    assert.include(text, 'OPTION NON RETENUE, HORS TOTAL')
    assert.include(text, 'OPTION RETENUE')
    assert.include(text, `(${money(45_000)})`)
    assert.include(text, normaliseSpaces('Les montants entre parenthèses sont des options'))
    assert.include(text, money(140_360))
  })
})
