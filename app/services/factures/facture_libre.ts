/*
 * A free facture's draft edited like a devis (issue 11 §1, decision 232): objet, global
 * discount and lines replaced as a whole, under the row lock with the version the editor
 * opened (a stale save is the one French 409); an issued facture is refused by the machine,
 * then by the database. Only a free facture is edited line by line: an acompte, intermédiaire
 * or solde's lines are computed from its bdc.
 */
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { normaliseLignes } from '#services/documents/lignes'
import { enforce } from '#services/documents/state'
import { lockFactureForUpdate, writeLignes } from '#services/factures/facture_service'
import { AppException } from '#exceptions/http_exceptions'
import { factureMachine } from '#shared/machines/facture'
import type { LigneData } from '#shared/devis'

export type UpdateLibreInput = {
  factureId: number
  lockVersion: number
  objet: string
  remiseGlobalePct: string
  lignes: LigneData[]
  userId: number | null
}

export async function updateFactureLibre(actor: Actor, input: UpdateLibreInput) {
  return db.transaction(async (trx) => {
    const facture = await lockFactureForUpdate(trx, input.factureId, input.lockVersion)
    enforce(factureMachine, 'modifier', { statut: facture.statut, numero: facture.numero })
    if (facture.type !== 'libre') {
      throw new AppException(
        'Seule une facture libre se modifie ligne par ligne : les lignes d’une facture d’acompte, intermédiaire ou de solde viennent du bon de commande.',
        { status: 422 }
      )
    }
    const before = { objet: facture.objet, total_ttc: facture.totalTtc }
    facture.merge({
      objet: input.objet.trim().slice(0, 200),
      remiseGlobalePct: input.remiseGlobalePct,
      lockVersion: facture.lockVersion + 1,
    })
    const totals = await writeLignes(trx, facture, normaliseLignes(input.lignes))
    await audit(
      actor,
      {
        action: 'facture.modifiee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        before,
        after: { objet: facture.objet, total_ttc: totals.total_ttc },
      },
      trx
    )
    return facture
  })
}
