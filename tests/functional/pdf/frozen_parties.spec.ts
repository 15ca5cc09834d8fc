/*
 * Issue 10: what an issued document printed about its parties is frozen. A signed bdc, a sent
 * devis (and its earlier versions) and a sent offre keep the client's (or contact's) name and
 * address and the company block they were issued with; a draft prints the live data.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import Offre from '#models/offre'
import type Societe from '#models/societe'
import type Client from '#models/client'
import { systemActor } from '#services/actor'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { updateDevis } from '#services/devis/devis_service'
import { signBdc } from '#services/commandes/sign_bdc'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { bdcDocument, bdcPdf, devisPdf, devisRevisionPdf, offrePdf } from '#services/pdf/index'
import { ClientFactory } from '#database/factories/client_factory'
import { DRAWN } from '#tests/functional/bdc/helpers'
import { pdfText } from '#tests/functional/pdf/pdf_text'
import { makeDevis, makeEsiSociete, produit } from '#tests/functional/pdf/helpers'
import { makeOffre, proWithContact } from '#tests/functional/offres/helpers'
import { envoyerOffre } from '#services/offres/offre_envoi'
import Bdc from '#models/bdc'
import { makeUser, withTransaction } from '#tests/helpers'

const OLD_CLIENT = 'Ancienômaison'
const NEW_CLIENT = 'Nouvellemaison'
const OLD_STREET = 'Rue des Anciens 7'
const NEW_STREET = 'Avenue Neuve 99'
const OLD_SEAT = 'Rue de l’Industrie 4'
const NEW_SEAT = 'Boulevard Déménagé 12'

/** A PDF parsed back to its text. */
async function textOf(file: Promise<{ content: Buffer }>): Promise<string> {
  const { content } = await file
  const { text } = await pdfText(content)
  return text
}

/** The client renamed and moved, the company moved (direct writes: no editor involved). */
async function changeEverything(client: Client, esi: Societe) {
  await db
    .from('clients')
    .where('id_client', client.idClient)
    .update({ nom: NEW_CLIENT, facturation_rue: NEW_STREET })
  await db.from('societes').where('id', esi.id).update({ adresse: NEW_SEAT, rpm: 'Liège' })
}

async function sentDevis() {
  const esi = await makeEsiSociete()
  const client = await ClientFactory.merge({
    nom: OLD_CLIENT,
    facturationRue: OLD_STREET,
    email: 'client@example.test',
  }).create()
  const made = await makeDevis({ client, lignes: [produit('Châssis alu', 200000, 21, '1')] })
  const { devis } = await changeDevisStatut(systemActor(), {
    devisId: made.devis.id,
    to: 'envoye',
    lockVersion: made.devis.lockVersion,
    userId: null,
  })
  return { esi, client, devis }
}

async function signedBdc() {
  const { esi, client, devis } = await sentDevis()
  const { bdc } = await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'accepte',
    lockVersion: devis.lockVersion,
    userId: null,
  })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  await signBdc(systemActor(), {
    bdcId: bdc!.id,
    lockVersion: await Bdc.findOrFail(bdc!.id).then((b) => b.lockVersion),
    signataire: 'Anne Lambert',
    lieu: 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  return { esi, client, bdc: bdc! }
}

test.group('Frozen parties / bon de commande', (group) => {
  withTransaction(group)

  test('a signed bdc prints the client and company as they were when it was issued', async ({
    assert,
  }) => {
    const { esi, client, bdc } = await signedBdc()
    await changeEverything(client, esi)

    const text = await textOf(bdcPdf(bdc.id))
    assert.include(text, OLD_CLIENT)
    assert.include(text, OLD_STREET)
    assert.include(text, OLD_SEAT)
    assert.notInclude(text, NEW_CLIENT)
    assert.notInclude(text, NEW_STREET)
    assert.notInclude(text, NEW_SEAT)

    // The Preview page reads the same snapshot; the logo comes from the company's route
    const page = await bdcDocument(bdc.id, { forBrowser: true })
    assert.include(page.destinataire.nom, OLD_CLIENT)
    assert.include(page.emetteur.lignes_adresse.join(' '), OLD_SEAT)
    assert.isNull(page.emetteur.logo_path ?? null)
  })

  test('the snapshot is part of the frozen content of a bdc', async ({ assert }) => {
    const { bdc } = await signedBdc()
    const fresh = await Bdc.findOrFail(bdc.id)
    fresh.partiesSnapshot = { ...fresh.partiesSnapshot!, taken_at: 'later' }
    await assert.rejects(() => fresh.save(), /Ce document est émis/)
  })
})

test.group('Frozen parties / devis', (group) => {
  withTransaction(group)

  test('a draft devis prints the live client and company', async ({ assert }) => {
    const esi = await makeEsiSociete()
    const client = await ClientFactory.merge({
      nom: OLD_CLIENT,
      facturationRue: OLD_STREET,
    }).create()
    const made = await makeDevis({ client })
    await changeEverything(client, esi)
    const text = await textOf(devisPdf(made.devis.id))
    assert.include(text, NEW_CLIENT)
    assert.include(text, NEW_STREET)
    assert.include(text, NEW_SEAT)
    assert.notInclude(text, OLD_CLIENT)
  })

  test('a sent devis keeps them; edited again, the new draft is live and the old version frozen', async ({
    assert,
  }) => {
    const { esi, client, devis } = await sentDevis()
    await changeEverything(client, esi)

    const sent = { text: await textOf(devisPdf(devis.id)) }
    assert.include(sent.text, OLD_CLIENT)
    assert.include(sent.text, OLD_SEAT)
    assert.notInclude(sent.text, NEW_STREET)

    const fresh = await Devis.findOrFail(devis.id)
    await updateDevis(
      systemActor(),
      devis.id,
      fresh.lockVersion,
      {
        client_id: client.idClient,
        objet: 'Deuxième version',
        lignes: [produit('Châssis alu', 210000, 21, '1')],
      },
      await makeUser('esi').then((u) => u.id)
    )
    const draft = { text: await textOf(devisPdf(devis.id)) }
    assert.include(draft.text, NEW_CLIENT)
    assert.include(draft.text, NEW_SEAT)

    const v1 = { text: await textOf(devisRevisionPdf(devis.id, 1)) }
    assert.include(v1.text, OLD_CLIENT)
    assert.include(v1.text, OLD_STREET)
    assert.notInclude(v1.text, NEW_SEAT)
  })
})

test.group('Frozen parties / offre', (group) => {
  withTransaction(group)

  test('a sent offre keeps the contact and the pro société it was sent with', async ({
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const draft = await makeOffre(societe, contact, { auteur: pro })
    const { offre } = await envoyerOffre(systemActor(pro), pro, draft.id, draft.lockVersion)
    await db
      .from('contacts')
      .where('id', contact.id)
      .update({ nom: 'Renommé', adresse: NEW_STREET })
    await db.from('societes').where('id', societe.id).update({ adresse: NEW_SEAT })
    const text = await textOf(offrePdf(offre.id))
    assert.include(text, contact.nom)
    assert.notInclude(text, 'Renommé')
    assert.notInclude(text, NEW_STREET)
    assert.notInclude(text, NEW_SEAT)
    const fresh = await Offre.findOrFail(offre.id)
    assert.equal(fresh.statut, 'envoyee')
  })
})
