/*
 * Known data for the dashboards' tests (issue 14 §2), and the figures read from the page.
 */
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Bdc from '#models/bdc'
import type Societe from '#models/societe'
import type Contact from '#models/contact'
import { offreToDevis } from '#services/offres/offre_to_devis'
import { signBdc } from '#services/commandes/sign_bdc'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { makeOffre } from '#tests/functional/offres/helpers'
import { systemActor } from '#services/actor'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { syncCommande } from '#services/commandes/etapes'
import { createPlanification } from '#services/planning/planification_service'
import { insertDevis } from '#tests/functional/document_helpers'
import { DRAWN, esiSociete, LIGNES } from '#tests/functional/bdc/helpers'
import { clientAvecChantier } from '#tests/functional/planning/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import type { StaffFigures } from '#shared/dashboard'

/** The staff figures of /dashboard as the page gets them. */
export async function staffFiguresOf(client: any, user: User): Promise<StaffFigures> {
  const response = await client.get('/dashboard').loginAs(user).withInertia()
  response.assertStatus(200)
  return response.inertiaProps.figures as StaffFigures
}

/** The total count of a list page opened by a figure's link (Inertia props of the list). */
export async function listCount(client: any, user: User, url: string, prop: string) {
  const response = await client.get(url).loginAs(user).withInertia()
  response.assertStatus(200)
  const page = response.inertiaProps[prop] as { total: { count: number; exact: boolean } }
  return page.total.count
}

/** A devis sent `daysAgo` days ago (its envoye_le moved back), still « envoyé ». */
export async function devisEnvoye(daysAgo: number) {
  await esiSociete()
  const client = await ClientFactory.create()
  const { devis } = await insertDevis({ clientId: client.idClient, clientNom: client.nom }, LIGNES)
  await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'envoye',
    lockVersion: devis.lockVersion,
    userId: null,
  })
  await db.rawQuery(`UPDATE devis SET envoye_le = now() - make_interval(days => ?) WHERE id = ?`, [
    daysAgo,
    devis.id,
  ])
  return devis.id
}

/** A step of a commande planned to end on `day` (not done), the commande re-synced. */
export async function etapePrevue(commandeId: number, etape: string, day: string) {
  await db.transaction(async (trx) => {
    await trx
      .from('commande_etapes')
      .where({ commande_id: commandeId, etape })
      // As the app stores a planned day: its Brussels midnight
      .update({ prevue_fin: trx.raw(`(?::date)::timestamp AT TIME ZONE 'Europe/Brussels'`, [day]) })
    await syncCommande(trx, commandeId)
  })
}

/** A visit of a planning from `debut` to `fin` (Brussels local ISO). */
export async function visite(type: 'com' | 'tec', personne: User, debut: string, fin: string) {
  const client = await clientAvecChantier()
  return createPlanification(systemActor(), {
    type,
    nature: type === 'com' ? 'rdv' : 'sav',
    debut,
    fin,
    personnes: [personne.id],
    clientId: Number(client.idClient),
  })
}

/**
 * An offre of the société transmitted to esi (`daysAgo` days ago), then, as far as `until` says,
 * turned into a devis by esi, that devis sent and accepted (its bdc), the bdc signed.
 */
export async function offreJusqua(
  esi: User,
  societe: Societe,
  contact: Contact,
  until: 'transmise' | 'devis' | 'bdc' | 'signee',
  daysAgo = 0
) {
  await esiSociete()
  const offre = await makeOffre(societe, contact, { statut: 'transmise' })
  await db.rawQuery(
    `UPDATE offres SET transmise_le = now() - make_interval(days => ?) WHERE id = ?`,
    [daysAgo, offre.id]
  )
  if (until === 'transmise') return { offre, devisId: null, bdc: null }
  const { devis } = await offreToDevis(systemActor(), esi, offre.id)
  if (until === 'devis') return { offre, devisId: devis.id, bdc: null }
  const sent = await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'envoye',
    lockVersion: devis.lockVersion,
    userId: null,
  })
  const { bdc } = await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'accepte',
    lockVersion: sent.devis.lockVersion,
    userId: null,
  })
  if (until === 'bdc') return { offre, devisId: devis.id, bdc: await Bdc.findOrFail(bdc!.id) }
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const fresh = await Bdc.findOrFail(bdc!.id)
  await signBdc(systemActor(), {
    bdcId: fresh.id,
    lockVersion: fresh.lockVersion,
    signataire: 'Amandine Lejeune',
    lieu: 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  return { offre, devisId: devis.id, bdc: await Bdc.findOrFail(fresh.id) }
}
