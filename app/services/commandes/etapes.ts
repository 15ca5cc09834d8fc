/*
 * Issue 12 §1: the one writer of a commande step's statut. Every change locks the step row,
 * writes its history row (who, when, from, to) and the audit row in the caller's transaction.
 * Gates are checked by the caller with shared/commande_etapes.ts gateReason over the facts of
 * commandeGateFacts (to be extended by each part: measurement sheet, supplier orders, réception).
 */
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import CommandeEtape from '#models/commande_etape'
import { audit } from '#services/audit'
import type { Actor } from '#services/actor'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { today } from '#services/documents/numbering'
import {
  etapeFinie,
  gateReason,
  type Etape,
  type EtapeStatut,
  type GateFacts,
} from '#shared/commande_etapes'

/** The step row, locked FOR UPDATE until the transaction ends. */
export async function lockEtape(
  trx: TransactionClientContract,
  commandeId: number,
  etape: Etape
): Promise<CommandeEtape> {
  const row = await CommandeEtape.query({ client: trx })
    .where({ commandeId, etape })
    .forUpdate()
    .first()
  if (!row) throw new NotFoundException()
  return row
}

/** One line of a step's history (insert-only). */
export async function historique(
  trx: TransactionClientContract,
  input: {
    commandeId: number
    etape: Etape | null
    userId: number | null
    action: string
    de?: string | null
    vers?: string | null
    detail?: string | null
  }
): Promise<void> {
  await trx.table('commande_etape_historique').insert({
    commande_id: input.commandeId,
    etape: input.etape,
    user_id: input.userId,
    action: input.action,
    de: input.de ?? null,
    vers: input.vers ?? null,
    detail: input.detail ?? null,
    created_at: new Date(),
  })
}

/**
 * Moves a step to a statut (no-op when already there), with its history and audit rows; the
 * actual start/end dates follow (en_cours sets the start, faite the end).
 */
export async function setEtapeStatut(
  trx: TransactionClientContract,
  actor: Actor | null,
  commandeId: number,
  etape: Etape,
  statut: EtapeStatut,
  detail: string | null = null
): Promise<CommandeEtape> {
  const row = await lockEtape(trx, commandeId, etape)
  if (row.statut === statut) return row
  const before = row.statut
  const now = DateTime.now()
  row.statut = statut
  if (statut === 'en_cours' && !row.debutReel) row.debutReel = now
  if (statut === 'faite') {
    row.finReelle = now
    if (!row.debutReel) row.debutReel = now
  }
  if (statut !== 'faite' && before === 'faite') row.finReelle = null
  if (statut !== 'bloquee') row.motifBlocage = null
  row.lockVersion += 1
  row.useTransaction(trx)
  await row.save()
  const userId = actor?.user?.id ?? null
  await historique(trx, {
    commandeId,
    etape,
    userId,
    action: 'statut',
    de: before,
    vers: statut,
    detail,
  })
  await audit(
    actor,
    {
      action: 'commande.etape',
      subjectType: 'commande',
      subjectId: commandeId,
      before: { etape, statut: before },
      after: { etape, statut, detail },
    },
    trx
  )
  return row
}

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
  const paid = await client
    .from('factures')
    .where({ commande_id: commandeId, type: 'acompte' })
    .whereNotNull('numero')
    .sum('montant_paye as paye')
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
  return {
    etapes,
    annulee: head.statut === 'annulee',
    acompteDu: Number(head.acompte),
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
    receptionSignee: etapeFinie(etapes.pose),
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
