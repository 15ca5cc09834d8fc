/*
 * Where the PV's PDF is kept: a commande_fichiers document of the pose step. Until the commande
 * file service (app/services/commandes/commande_fichiers.ts storeCommandeDocument) is merged, the
 * bytes go through the app's one storage under the signature kind (which accepts PDF: a signed
 * document) and the row is inserted here; the file is forgotten again if the transaction rolls
 * back.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CommandeFichier from '#models/commande_fichier'
import { deleteFile, putBytes, storedFile } from '#services/storage/files'

export async function storeReceptionDocument(
  trx: TransactionClientContract,
  input: { commandeId: number; bytes: Uint8Array; nomOriginal: string; auteurId: number | null }
): Promise<CommandeFichier> {
  const stored = await putBytes('signature', input.bytes)
  trx.after('rollback', () => deleteFile(stored))
  return CommandeFichier.create(
    {
      commandeId: input.commandeId,
      etape: 'pose',
      kind: 'document',
      moment: null,
      mesureLigneId: null,
      nomStocke: stored.name,
      vignette: null,
      mime: stored.mime,
      taille: input.bytes.length,
      nomOriginal: input.nomOriginal.slice(0, 200),
      publique: false,
      auteurId: input.auteurId,
    },
    { client: trx }
  )
}

/** The stored file of a PV document row. */
export function receptionDocumentFile(nomStocke: string) {
  return storedFile('signature', nomStocke)
}
