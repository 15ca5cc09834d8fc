/*
 * The signed avenant's PDF kept as a document of the commande (step mesurage), through the
 * commande files service (storage, commande_fichiers row, history line).
 */
import { storeCommandeDocument } from '#services/commandes/commande_fichiers'

export async function storeAvenantDocument(input: {
  commandeId: number
  bytes: Uint8Array
  nomOriginal: string
  auteurId: number | null
}): Promise<number> {
  const row = await storeCommandeDocument(null, {
    commandeId: input.commandeId,
    etape: 'mesurage',
    bytes: input.bytes,
    nomOriginal: input.nomOriginal,
    auteurId: input.auteurId,
  })
  return Number(row.id)
}
