/*
 * Helpers of the facture tests: a signed bdc (its commande made) and its draft acompte facture;
 * a free draft for a fresh client; issuing through the service as the page does.
 */
import { systemActor } from '#services/actor'
import Facture from '#models/facture'
import { ClientFactory } from '#database/factories/client_factory'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { produit } from '#tests/functional/document_helpers'
import {
  createAcompteFacture,
  createFactureLibre,
  issueFacture,
} from '#services/factures/facture_service'
import type { LigneData } from '#shared/devis'
import db from '@adonisjs/lucid/services/db'
import { setEtapeStatut } from '#services/commandes/etapes'

/** Issue 12: the réception signed (the pose step done): the facture de solde may be made. */
export async function receptionSignee(commandeId: number) {
  await db.transaction((trx) => setEtapeStatut(trx, null, commandeId, 'pose', 'faite', 'test'))
}

export async function acompteDraft() {
  const { bdc, commande } = await signedBdc()
  await receptionSignee(commande.id)
  const fresh = await bdc.refresh()
  const facture = await createAcompteFacture(systemActor(), {
    bdcId: fresh.id,
    lockVersion: fresh.lockVersion,
    userId: null,
  })
  return { bdc: await fresh.refresh(), commande, facture: await Facture.findOrFail(facture.id) }
}

export const LIBRE_LIGNES: LigneData[] = [
  produit('Réglage de la porte d’entrée', 8500, 21, '1'),
  produit('Remplacement d’une poignée', 3250, 21, '2'),
]

/** @param company false: no esi société written (tests that commit must leave none behind) */
export async function libreDraft(lignes: LigneData[] = LIBRE_LIGNES, company = true) {
  if (company) await esiSociete()
  const client = await ClientFactory.merge({ nom: 'Dubois' }).create()
  const facture = await createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Intervention SAV',
    lignes,
    userId: null,
  })
  return Facture.findOrFail(facture.id)
}

export async function issued(facture?: Facture) {
  const draft = facture ?? (await libreDraft())
  const done = await issueFacture(systemActor(), {
    factureId: draft.id,
    lockVersion: draft.lockVersion,
    userId: null,
  })
  return Facture.findOrFail(done.id)
}

/** The company as the demo has it (enterprise number, address, IBAN): a UBL passes the rules. */
export async function demoCompany() {
  const societe = await esiSociete()
  societe.merge({
    numeroTva: 'BE0456789034',
    adresse: 'Chaussée de Louvain 212',
    codePostal: '5000',
    localite: 'Namur',
    email: 'info@dubois-menuiseries.be',
    telephone: '+32 81 22 33 44',
  })
  return societe.save()
}

/** An issued free facture of a professional client, its UBL valid (the « UBL » button shows). */
export async function issuedProfessional() {
  await demoCompany()
  const client = await ClientFactory.apply('professionnel').merge({ nom: 'Peeters' }).create()
  const draft = await createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Intervention SAV',
    lignes: LIBRE_LIGNES,
    userId: null,
  })
  return issued(await Facture.findOrFail(draft.id))
}
