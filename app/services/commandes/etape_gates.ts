// The facts every step's gate reads, and the refusal when a step's gate is closed.
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { today } from '#services/documents/numbering'
import {
  etapeFinie,
  gateReason,
  type Etape,
  type EtapeStatut,
  type GateFacts,
} from '#shared/commande_etapes'

/**
 * The facts every gate reads (shared/commande_etapes.ts GateFacts). Each part records its fact as
 * its step's statut: mesurage « faite » = sheet validated and no avenant waiting; approvisionnement
 * « en_cours » or « faite » = a supplier order sent; fourniture « faite » = everything received;
 * pose « faite » = réception signed, reserves lifted.
 */
export async function commandeGateFacts(
  client: TransactionClientContract | QueryClientContract,
  commandeId: number
): Promise<GateFacts & { etapes: Record<Etape, EtapeStatut> }> {
  const head = await client
    .from('commandes')
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
    .where('commandes.id', commandeId)
    .select(
      'commandes.statut',
      'bdcs.acompte',
      'bdcs.fin_retractation',
      'bdcs.renonciation_retractation'
    )
    .first()
  if (!head) throw new NotFoundException()
  // Decision 300: once acompte factures are issued, what they ask (their VAT split may round
  // the bdc's acompte by a cent) is what is due; before, the bdc's acompte
  const paid = await client
    .from('factures')
    .where({ commande_id: commandeId, type: 'acompte' })
    .whereNotNull('numero')
    .whereNot('statut', 'annulee')
    .select(
      client.raw('COALESCE(sum(montant_paye), 0) AS paye'),
      client.raw('COALESCE(sum(total_ttc - montant_credite), 0) AS du'),
      client.raw('count(*) AS n')
    )
    .first()
  const rows = await client
    .from('commande_etapes')
    .where('commande_id', commandeId)
    .select('etape', 'statut')
  const etapes = Object.fromEntries(rows.map((r) => [r.etape, r.statut])) as Record<
    Etape,
    EtapeStatut
  >
  const fin = head.fin_retractation
  // Issue 12 §2: an avenant prepared or presented, not signed yet (decision 393)
  const avenant = await client
    .from('avenants')
    .where('commande_id', commandeId)
    .whereIn('statut', ['brouillon', 'a_signer'])
    .select('id')
    .first()
  // Issue 12 §5 (decision 424): the active signed PV de réception and its open reserves
  const pv = await client
    .from('receptions as r')
    .where('r.commande_id', commandeId)
    .whereNull('r.annulee_le')
    .select(
      'r.id',
      client.raw(
        'EXISTS (SELECT 1 FROM reception_reserves x WHERE x.reception_id = r.id AND x.levee_le IS NULL) AS ouvertes'
      )
    )
    .first()
  return {
    etapes,
    annulee: head.statut === 'annulee',
    acompteDu:
      Number(paid?.n ?? 0) > 0
        ? Math.min(Number(head.acompte), Number(paid.du))
        : Number(head.acompte),
    acomptePaye: Number(paid?.paye ?? 0),
    finRetractation: fin ? DateTime.fromJSDate(new Date(fin)).toISODate() : null,
    renonciation: Boolean(head.renonciation_retractation),
    today: today().toISODate()!,
    mesureValidee: etapes.mesurage === 'faite' || etapes.mesurage === 'sans_objet',
    avenantEnAttente: Boolean(avenant),
    commandesFournisseurEnvoyees: ['en_cours', 'faite', 'sans_objet'].includes(
      etapes.approvisionnement
    ),
    toutRecu: etapeFinie(etapes.fourniture),
    // A pose « faite » had its PV signed (H4 sets it, never by hand); « sans objet » needs none
    receptionSignee: Boolean(pv) || etapeFinie(etapes.pose),
    reservesOuvertes: Boolean(pv?.ouvertes),
  }
}

/** Refuses (422, the gate's French reason) when the step's gate is closed. */
export async function assertEtapeGate(
  trx: TransactionClientContract,
  commandeId: number,
  etape: Etape,
  extra: Partial<GateFacts> = {}
): Promise<void> {
  const facts = { ...(await commandeGateFacts(trx, commandeId)), ...extra }
  const reason = gateReason(etape, facts)
  if (reason) throw new TransitionException(reason)
}
