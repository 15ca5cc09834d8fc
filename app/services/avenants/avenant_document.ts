/*
 * The signed avenant's PDF kept as a document of the commande (step mesurage), in
 * commande_fichiers like the other documents of the commande.
 */
import db from '@adonisjs/lucid/services/db'
import { putBytes } from '#services/storage/files'

export async function storeAvenantDocument(input: {
  commandeId: number
  bytes: Uint8Array
  nomOriginal: string
  auteurId: number | null
}): Promise<number> {
  const stored = await putBytes('signature', input.bytes)
  const [row] = await db
    .table('commande_fichiers')
    .insert({
      commande_id: input.commandeId,
      etape: 'mesurage',
      kind: 'document',
      nom_stocke: stored.name,
      mime: stored.mime,
      taille: input.bytes.length,
      nom_original: input.nomOriginal.slice(0, 200),
      auteur_id: input.auteurId,
      created_at: new Date(),
    })
    .returning('id')
  return Number(row.id ?? row)
}
