/*
 * Demo réceptions (issue 12 §5): on two existing demo commandes (the oldest ones not cancelled
 * and without a PV), the steps up to the goods received are set « faite » (the pose's gate
 * opens), then a PV is signed through the real service by the demo technician — the first
 * without reserve (pose « faite »), the second with an open reserve (pose « en cours »). The
 * customer's signature is the one he drew on his bdc. Deterministic.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import { systemActor } from '#services/actor'
import { setEtapeStatut } from '#services/commandes/etapes'
import { readBytes } from '#services/storage/files'
import { storedSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signerReception } from '#services/receptions/reception_service'
import type { Etape } from '#shared/commande_etapes'

const AVANT_POSE: Etape[] = [
  'acompte',
  'retractation',
  'mesurage',
  'approvisionnement',
  'fourniture',
]

const PVS: { reserves: string[]; observations: string | null }[] = [
  { reserves: [], observations: 'Chantier nettoyé, anciens châssis évacués.' },
  {
    reserves: ['Joint de vitrage à reprendre sur la fenêtre de la cuisine (angle haut droit).'],
    observations: null,
  },
]

export async function seedDemoReceptions(trx: TransactionClientContract, base: DemoBase) {
  const actor = systemActor(base.users.esi)
  const commandes = await Commande.query({ client: trx })
    .whereNot('statut', 'annulee')
    .whereNotExists((q) =>
      q.from('receptions').whereColumn('receptions.commande_id', 'commandes.id')
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(PVS.length)
  for (const [i, commande] of commandes.entries()) {
    for (const etape of AVANT_POSE) {
      await setEtapeStatut(trx, actor, commande.id, etape, 'faite', 'Données de démonstration')
    }
    const bdc = await Bdc.findOrFail(commande.bdcId, { client: trx })
    const bytes = await readBytes(storedSignature(bdc.signaturePath))
    if (!bytes) continue
    await signerReception(actor, {
      commandeId: commande.id,
      signataire: bdc.signataire ?? commande.clientNom,
      lieu: null,
      observations: PVS[i].observations,
      reserves: PVS[i].reserves,
      signaturePath: await storeDrawnSignature(bytes),
      signature: bytes,
    })
  }
}
