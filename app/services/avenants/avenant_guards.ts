// Guards of every avenant write: the refusal, the row locks, why no avenant may be prepared.
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import Avenant from '#models/avenant'
import Commande from '#models/commande'
import { checkVersion } from '#services/documents/optimistic_lock'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import type { EcartRow } from '#services/avenants/avenant_queries'

export function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

export async function lockCommande(trx: TransactionClientContract, commandeId: number) {
  const commande = await Commande.query({ client: trx }).where('id', commandeId).forUpdate().first()
  if (!commande) throw new NotFoundException()
  if (commande.statut === 'annulee') refuse(`La commande ${commande.numero} est annulée.`)
  refuseSiTerminee(commande.statut)
  return commande
}

export async function lockAvenant(
  trx: TransactionClientContract,
  commandeId: number,
  avenantId: number,
  lockVersion: number
): Promise<Avenant> {
  const avenant = await Avenant.query({ client: trx })
    .where({ id: avenantId, commande_id: commandeId })
    .forUpdate()
    .first()
  if (!avenant) throw new NotFoundException()
  await checkVersion(avenant, lockVersion, async () => ({
    label: `L’avenant ${avenant.numero}`,
    by: null,
    at: avenant.updatedAt,
  }))
  return avenant
}

/** Why no avenant may be prepared now (French), or null. */
export function prepareRefusal(
  ecarts: { validee: boolean; rows: EcartRow[] },
  mesurage: string | undefined
): string | null {
  if (!ecarts.validee) return 'La fiche de mesurage n’est pas validée : pas d’avenant à préparer.'
  if (ecarts.rows.length === 0)
    return 'Le mesurage n’a relevé aucun écart : pas d’avenant à préparer.'
  if (mesurage === 'faite' || mesurage === 'sans_objet')
    return 'Les écarts du mesurage sont déjà réglés (avenant signé ou écarts acceptés).'
  return null
}
