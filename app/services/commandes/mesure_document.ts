/*
 * The validated measurement sheet attached to the commande (issue 12 §2, decision 338): after the
 * validation commits, its PDF is rendered (reading the committed rows) and stored as a document
 * of the mesurage step (commande_fichiers). A failure to print is logged and does not undo the
 * validation: the PDF stays downloadable from the sheet and is stored again at the next one.
 */
import logger from '@adonisjs/core/services/logger'
import type { Actor } from '#services/actor'
import { validerMesure } from '#services/commandes/mesure_service'
import { storeCommandeDocument } from '#services/commandes/commande_fichiers'
import { mesurePdf } from '#services/pdf/mesure_loader'

export async function validerEtArchiverMesure(
  actor: Actor,
  commandeId: number,
  lockVersion: number
) {
  const result = await validerMesure(actor, commandeId, lockVersion)
  let documentId: number | null = null
  try {
    const pdf = await mesurePdf(commandeId)
    const row = await storeCommandeDocument(null, {
      commandeId,
      etape: 'mesurage',
      bytes: pdf.content,
      nomOriginal: pdf.filename,
      auteurId: actor.user?.id ?? null,
    })
    documentId = row.id
  } catch (error) {
    logger.error({ err: error, commandeId }, 'measurement sheet PDF not stored')
  }
  return { ecarts: result.ecarts, document_id: documentId }
}
