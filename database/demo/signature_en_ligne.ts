/*
 * Issue 14 §1 demo: a devis sent to a private client with two options (one proposed ticked, one
 * not), through the real life cycle (numbered, parties frozen), whose signed public link the
 * demo seed prints on every start (`demoSignatureLine`) so the customer's page can be tried:
 * tick the options, sign with the mouse, land on the payment page.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Client from '#models/client'
import Devis from '#models/devis'
import { systemActor } from '#services/actor'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { customerDevisLink } from '#services/signature_en_ligne/devis_link'
import type { DemoBase } from '#database/demo/index'
import type { LigneData } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'

export const DEMO_SIGNATURE_OBJET =
  'Châssis du salon et options (démonstration de la signature en ligne)'

const ligne = (designation: string, prix: number, tva: number, quantite = '1'): LigneData => ({
  type: 'produit',
  produit_id: null,
  designation,
  quantite,
  unite: 'piece',
  prix_unitaire_ht: prix,
  remise_pct: '0',
  taux_tva: tva,
})

const LIGNES: LigneData[] = [
  {
    ...ligne('', 0, 0),
    type: 'section',
    designation: 'Salon',
    quantite: null,
    unite: null,
    prix_unitaire_ht: null,
    taux_tva: null,
  },
  ligne('Fenêtre PVC double vitrage 140×120, pose comprise', 68000, 6, '2'),
  ligne('Porte-fenêtre PVC 90×215, pose comprise', 124000, 6),
  {
    ...ligne('Volets roulants électriques (2 pièces)', 58000, 6, '2'),
    optionnel: true,
    retenue: true,
  },
  {
    ...ligne('Moustiquaires enroulables (3 pièces)', 9500, 21, '3'),
    optionnel: true,
    retenue: false,
  },
]

export async function seedDemoSignatureEnLigne(trx: TransactionClientContract, base: DemoBase) {
  const client =
    (await Client.query({ client: trx })
      .where('type', 'particulier')
      .whereNotNull('email')
      .orderBy('id_client')
      .first()) ?? (await Client.query({ client: trx }).orderBy('id_client').first())
  if (!client) return
  const today = DateTime.now().setZone(TIME_ZONE).startOf('day')
  const totals = totalsOf(LIGNES, '0', '30')
  const devis = await Devis.create(
    {
      revision: 1,
      lockVersion: 1,
      clientId: client.idClient,
      clientNom: client.nom,
      commercialId: base.users.esi.id,
      dateDevis: today,
      valableJusquAu: today.plus({ days: 30 }),
      objet: DEMO_SIGNATURE_OBJET,
      statut: 'brouillon',
      remiseGlobalePct: '0',
      acomptePct: '30',
      acompte: totals.acompte,
      totalHt: totals.total_ht,
      totalTva: totals.total_tva,
      totalTtc: totals.total_ttc,
      tvaDetail: totals.tva,
      createdBy: base.users.esi.id,
    },
    { client: trx }
  )
  await replaceLignes(trx, 'devis_lignes', 'devis_id', devis.id, LIGNES, totals)
  await changeDevisStatut(
    systemActor(base.users.esi),
    { devisId: devis.id, to: 'envoye', lockVersion: devis.lockVersion, userId: base.users.esi.id },
    trx
  )
}

/** The line the demo seed prints: the demo devis's signed link while it awaits an answer. */
export async function demoSignatureLine(): Promise<string | null> {
  const devis = await Devis.query()
    .where('objet', DEMO_SIGNATURE_OBJET)
    .orderBy('id', 'desc')
    .first()
  const link = devis?.statut === 'envoye' ? customerDevisLink(devis) : null
  return link ? `Devis à accepter et signer en ligne (client, sans compte) : ${link}` : null
}
