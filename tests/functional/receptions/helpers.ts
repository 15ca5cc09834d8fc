/*
 * Helpers of the pose / réception tests: a signed commande (its bdc signed, its seven steps made
 * by the trigger), its goods received (fourniture « faite », the pose gate open), a measurement
 * sheet with rows.
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { systemActor } from '#services/actor'
import { setEtapeStatut } from '#services/commandes/etapes'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { DRAWN } from '#tests/functional/bdc/helpers'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signerReception } from '#services/receptions/reception_service'

export async function signedCommande(chef: User | null = null) {
  const { bdc, commande } = await signedBdc()
  if (chef) {
    commande.chefProjetId = chef.id
    await commande.save()
  }
  return { bdc, commande }
}

/** Every supplier line received: the pose's gate opens (fourniture « faite »). */
export async function goodsReceived(commandeId: number) {
  await db.transaction(async (trx) => {
    await setEtapeStatut(trx, systemActor(), commandeId, 'fourniture', 'faite', 'test')
  })
}

/** A measurement sheet of two rows. */
export async function mesureWithLignes(commandeId: number) {
  const [mesure] = await db
    .table('mesures')
    .insert({ commande_id: commandeId, statut: 'validee' })
    .returning('id')
  const mesureId = typeof mesure === 'object' ? mesure.id : mesure
  await db.table('mesure_lignes').insert([
    {
      mesure_id: mesureId,
      client_uuid: randomUUID(),
      position: 1,
      repere: 'Cuisine',
      designation: 'Fenêtre PVC 2 vantaux',
      largeur_mm: 1200,
      hauteur_mm: 1400,
      sens_ouverture: 'Oscillo-battant droite',
      couleur: 'Blanc',
      vitrage: 'Double 4/16/4',
      quantite: 1,
    },
    {
      mesure_id: mesureId,
      client_uuid: randomUUID(),
      position: 2,
      repere: 'Entrée',
      designation: 'Porte d’entrée alu',
      largeur_mm: 980,
      hauteur_mm: 2150,
      quantite: 1,
      remarques: 'Seuil PMR',
    },
  ])
}

/** A PV signed through the service (goods received first), with these reserves. */
export async function signedReception(commandeId: number, reserves: string[] = []) {
  await goodsReceived(commandeId)
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  return signerReception(systemActor(), {
    commandeId,
    signataire: 'Anne Lambert',
    lieu: 'Namur',
    observations: null,
    reserves,
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signature: decoded.bytes,
  })
}
