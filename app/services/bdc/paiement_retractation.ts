/*
 * The company's rule for payments during a withdrawal period (shared/retractation.ts) applied to
 * one bdc: the server refuses the request, the bdc page disables the action with the same reason.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Bdc from '#models/bdc'
import Client from '#models/client'
import type Societe from '#models/societe'
import { companySociete } from '#services/company'
import { isoDate, readSnapshot } from '#services/pdf/document_parts'
import { todayIso } from '#shared/dates'
import { ACOMPTE_RETRACTATION_DEFAULT, paiementBloque } from '#shared/retractation'

/** Why no payment may be asked on this bdc today (French), or null. */
export async function paiementBloquePour(
  bdc: Bdc,
  societe?: Societe | null,
  client?: TransactionClientContract
): Promise<string | null> {
  const company = societe === undefined ? await companySociete(client) : societe
  const regle = company?.acomptePendantRetractation ?? ACOMPTE_RETRACTATION_DEFAULT
  if (regle === 'autorise') return null
  // The client as the bdc was issued (a consumer then stays one for this contract)
  const frozen = readSnapshot(bdc.partiesSnapshot)
  const live = frozen ? null : await Client.find(bdc.clientId, { client })
  const professionnel = frozen ? frozen.client_professionnel : live?.type === 'professionnel'
  return paiementBloque({
    regle,
    statut: bdc.statut,
    lieu: bdc.lieuSignature,
    signeLe: isoDate(bdc.signeLe),
    clientProfessionnel: professionnel,
    today: todayIso(),
  })
}
