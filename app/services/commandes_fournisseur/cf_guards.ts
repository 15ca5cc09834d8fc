// Guards of every supplier order write: the order's row lock, its version check, its label.
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import type { CfStatut } from '#shared/commandes_fournisseur'

type Trx = TransactionClientContract

export type CfHeadRow = {
  id: number
  numero: string | null
  commande_id: number
  fournisseur_id: number
  statut: CfStatut
  total_ht: string | number
  date_livraison_confirmee: string | Date | null
  lock_version: number
}

/** The order row, locked FOR UPDATE until the transaction ends; 404 when unknown. */
export async function lockCf(trx: Trx, id: number): Promise<CfHeadRow> {
  const row = await trx.from('commandes_fournisseur').where('id', id).forUpdate().first()
  if (!row) throw new NotFoundException()
  const commande = await trx.from('commandes').where('id', row.commande_id).select('statut').first()
  refuseSiTerminee(commande?.statut)
  return row
}

export function checkLock(row: CfHeadRow, expected: number | undefined) {
  if (expected === undefined || row.lock_version === expected) return
  throw new ConflictException(
    `La commande fournisseur ${row.numero ?? '(brouillon)'} a été modifiée depuis que vous l’avez ouverte : rechargez la page.`
  )
}

export function label(row: { numero: string | null }) {
  return row.numero
    ? `La commande fournisseur ${row.numero}`
    : 'Ce brouillon de commande fournisseur'
}
