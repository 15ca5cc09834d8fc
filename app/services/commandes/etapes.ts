/*
 * Issue 12 §1: the one writer of a commande step's statut. Every change locks the step row,
 * writes its history row (who, when, from, to) and the audit row in the caller's transaction.
 * Gates are checked by the caller with shared/commande_etapes.ts gateReason over the facts of
 * commandeGateFacts (to be extended by each part: measurement sheet, supplier orders, réception).
 * Gates: etape_gates.ts; automatic steps: etapes_auto.ts; edits by hand: etape_edition.ts.
 */
import { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CommandeEtape from '#models/commande_etape'
import { audit } from '#services/audit'
import type { Actor } from '#services/actor'
import { notify } from '#services/events'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { TIME_ZONE } from '#shared/app'
import { etapeFinie, gateReason, type Etape, type EtapeStatut } from '#shared/commande_etapes'
import {
  commandeStatutFrom,
  etapeCourante,
  prochaineEcheance,
  type EtapeEtat,
} from '#shared/commande_timeline'
import { forgetMenuBadges } from '#services/commandes/menu_badges'
import type { CommandeStatut } from '#shared/devis'
import { commandeGateFacts } from '#services/commandes/etape_gates'

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
 * actual start/end dates follow (en_cours sets the start, faite the end). For « bloquee » the
 * detail is the motif shown on the step. Then the commande's statut and standing are derived
 * (syncCommande) and, when a step that opens a gate is done, the chef de projet is told.
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
  // A blocked step shows why: the detail given is its motif (« Avenant à faire signer »)
  row.motifBlocage = statut === 'bloquee' ? (detail?.slice(0, 500) ?? null) : null
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
  await syncCommande(trx, commandeId)
  if (statut === 'faite' && GATE_OPENERS.includes(etape)) {
    await notifyGateOuverte(trx, commandeId, etape, userId)
  }
  return row
}

/** Steps whose end opens a gate the chef de projet waits for (decision 306). */
const GATE_OPENERS: readonly Etape[] = ['acompte', 'retractation', 'mesurage', 'fourniture']

export const isoDay = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  const dt =
    value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(String(value).trim())
  return dt.isValid ? dt.setZone(TIME_ZONE).toISODate() : null
}

/**
 * The commande's statut derived from its steps (shared commandeStatutFrom) and where it stands
 * (current step, earliest planned end of a step not done), written on its row only when they
 * change: the row is then locked only for a real change (decision 301). Returns the statut.
 */
export async function syncCommande(
  trx: TransactionClientContract,
  commandeId: number
): Promise<CommandeStatut> {
  forgetMenuBadges(trx)
  const head = await trx.from('commandes').where('id', commandeId).select('statut').first()
  if (!head) throw new NotFoundException()
  const rows = await trx
    .from('commande_etapes')
    .where('commande_id', commandeId)
    .select('etape', 'statut', 'prevue_fin')
  const etapes: EtapeEtat[] = rows.map((r) => ({
    etape: r.etape,
    statut: r.statut,
    prevue_fin: isoDay(r.prevue_fin),
  }))
  const statut = commandeStatutFrom(etapes, head.statut === 'annulee')
  const courante = etapeCourante(etapes)
  const echeance = statut === 'annulee' ? null : prochaineEcheance(etapes)
  await trx.rawQuery(
    `UPDATE commandes SET statut = :statut, etape_courante = :etape,
       etape_courante_statut = :etapeStatut, prochaine_echeance = :echeance::date,
       terminee_le = CASE WHEN :statut = 'terminee' THEN COALESCE(terminee_le, now()) ELSE NULL END,
       updated_at = now()
     WHERE id = :id AND (statut IS DISTINCT FROM :statut
       OR etape_courante IS DISTINCT FROM :etape
       OR etape_courante_statut IS DISTINCT FROM :etapeStatut
       OR prochaine_echeance IS DISTINCT FROM :echeance::date)`,
    {
      id: commandeId,
      statut,
      etape: courante?.etape ?? null,
      etapeStatut: courante?.statut ?? null,
      echeance,
    } as Record<string, any>
  )
  return statut
}

type CommandeHead = { numero: string; client_nom: string; chef_projet_id: number | null }

async function commandeHead(client: TransactionClientContract, commandeId: number) {
  return (await client
    .from('commandes')
    .where('id', commandeId)
    .select('numero', 'client_nom', 'chef_projet_id')
    .first()) as CommandeHead | null
}

/** « acompte payé », « rétractation terminée »… and the gate it opens, to the chef de projet. */
async function notifyGateOuverte(
  trx: TransactionClientContract,
  commandeId: number,
  etape: Etape,
  userId: number | null
) {
  const head = await commandeHead(trx, commandeId)
  if (!head) return
  const facts = await commandeGateFacts(trx, commandeId)
  const what: Record<string, string> = {
    acompte: 'acompte payé',
    retractation: 'délai de rétractation terminé',
    mesurage: 'mesurage validé',
    fourniture: 'tout est reçu',
  }
  const next: Etape = etape === 'fourniture' ? 'pose' : 'approvisionnement'
  const open = gateReason(next, facts) === null && !etapeFinie(facts.etapes[next])
  const suite = open
    ? next === 'pose'
      ? ' : la pose peut être planifiée'
      : ' : les commandes fournisseur peuvent partir'
    : ''
  await notify(trx, {
    userIds: [head.chef_projet_id],
    exceptUserId: userId,
    type: 'commande.etape',
    titre: `Commande ${head.numero} (${head.client_nom}) : ${what[etape]}${suite}`,
    lien: urlFor('esi.commandes.show', { id: commandeId }),
    icon: open ? 'bi bi-unlock' : 'bi bi-check2-circle',
  })
}

/**
 * The facture de solde's gate (decision 304): refused (422, the gate's reason) while the pose
 * step is not done, unless `forcage` carries an admin's motif (the caller checked the droit):
 * then the override is written in the history and the audit, with the reason it overrode.
 */
export async function assertSoldeGate(
  trx: TransactionClientContract,
  actor: Actor,
  commandeId: number,
  forcage: { motif: string } | null
): Promise<void> {
  const facts = await commandeGateFacts(trx, commandeId)
  const reason = gateReason('solde', facts)
  if (!reason) return
  const motif = forcage?.motif.trim().slice(0, 500)
  if (!motif) {
    throw new TransitionException(
      `${reason} La facture de solde attend la réception (un administrateur peut passer outre avec un motif).`
    )
  }
  await historique(trx, {
    commandeId,
    etape: 'solde',
    userId: actor.user?.id ?? null,
    action: 'forcage',
    detail: `Facture de solde avant la réception : ${motif}`,
  })
  await audit(
    actor,
    {
      action: 'commande.solde_force',
      subjectType: 'commande',
      subjectId: commandeId,
      before: { gate: reason },
      after: { motif },
    },
    trx
  )
}
