/*
 * Demo réceptions (issue 12 §5), on the commandes database/demo/commandes_story.ts gives (their
 * goods wholly received by the supplier orders demo): every finished commande has its PV signed
 * without reserve; « pv_reserve » a PV with an open reserve (pose « en cours », its solde waits);
 * « pose_planifiee » its pose planned next week. Through the real services, by the demo user;
 * the customer's signature is the one he drew on his bdc. Deterministic.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import { systemActor } from '#services/actor'
import { editEtape } from '#services/commandes/etape_edition'
import { demoCommandes } from '#database/demo/commandes_story'
import { DateTime } from 'luxon'
import { TIME_ZONE } from '#shared/app'
import { readBytes } from '#services/storage/files'
import { storedSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signerReception } from '#services/receptions/reception_service'

const SANS_RESERVE = { reserves: [], observations: 'Chantier nettoyé, anciens châssis évacués.' }
const AVEC_RESERVE = {
  reserves: ['Joint de vitrage à reprendre sur la fenêtre de la cuisine (angle haut droit).'],
  observations: null,
}

export async function seedDemoReceptions(trx: TransactionClientContract, base: DemoBase) {
  const actor = systemActor(base.users.esi)
  const { finished, role } = await demoCommandes(trx)
  // The pose of the commande whose goods are all in: planned next week, with its owner
  if (role.pose_planifiee) {
    const etape = await trx
      .from('commande_etapes')
      .where({ commande_id: role.pose_planifiee, etape: 'pose' })
      .first()
    const today = DateTime.now().setZone(TIME_ZONE).startOf('day')
    await editEtape(actor, {
      commandeId: role.pose_planifiee,
      etape: 'pose',
      lockVersion: etape.lock_version,
      responsableId: base.users.esi.id,
      prevueDebut: today.plus({ days: 7 }).toISODate(),
      prevueFin: today.plus({ days: 8 }).toISODate(),
      notes: 'Deux poseurs, prévoir l’échafaudage pour l’étage.',
    })
  }
  const pvs: [number | undefined, { reserves: string[]; observations: string | null }][] = [
    ...finished.map((id) => [id, SANS_RESERVE] as [number, typeof SANS_RESERVE]),
    [role.pv_reserve, AVEC_RESERVE],
  ]
  for (const [id, pv] of pvs) {
    if (!id) continue
    if (await trx.from('receptions').where('commande_id', id).first()) continue
    const commande = await Commande.findOrFail(id, { client: trx })
    const bdc = await Bdc.findOrFail(commande.bdcId, { client: trx })
    const bytes = await readBytes(storedSignature(bdc.signaturePath))
    if (!bytes) continue
    await signerReception(actor, {
      commandeId: commande.id,
      signataire: bdc.signataire ?? commande.clientNom,
      lieu: null,
      observations: pv.observations,
      reserves: pv.reserves,
      signaturePath: await storeDrawnSignature(bytes),
      signature: bytes,
    })
  }
}
