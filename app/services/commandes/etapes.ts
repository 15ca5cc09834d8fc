/*
 * Issue 12 §1: the one writer of a commande step's statut. Every change locks the step row,
 * writes its history row (who, when, from, to) and the audit row in the caller's transaction.
 * Gates are checked by the caller with shared/commande_etapes.ts gateReason over the facts of
 * commandeGateFacts (to be extended by each part: measurement sheet, supplier orders, réception).
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import CommandeEtape from '#models/commande_etape'
import { audit } from '#services/audit'
import type { Actor } from '#services/actor'
import { notify } from '#services/events'
import {
  AppException,
  ConflictException,
  NotFoundException,
  TransitionException,
} from '#exceptions/http_exceptions'
import { today } from '#services/documents/numbering'
import { conflictMessage } from '#services/documents/optimistic_lock'
import { TIME_ZONE } from '#shared/app'
import {
  ETAPE_LABELS,
  ETAPE_STATUT_LABELS,
  etapeFinie,
  gateReason,
  type Etape,
  type EtapeStatut,
  type GateFacts,
} from '#shared/commande_etapes'
import {
  autoStatuts,
  commandeStatutFrom,
  etapeCourante,
  mouvementRefuse,
  prochaineEcheance,
  statutDebloque,
  type EtapeEtat,
  type StatutManuel,
} from '#shared/commande_timeline'
import { forgetMenuBadges } from '#services/commandes/menu_badges'
import type { CommandeStatut } from '#shared/devis'
import { refuseSiTerminee } from '#services/commandes/commande_terminee'

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

const isoDay = (value: unknown): string | null => {
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
 * Brings the three automatic steps up to their facts (decision 300): acompte (paid ≥ the bdc's
 * acompte: faite; none asked: sans objet), rétractation (none or waived: sans objet; running:
 * en cours; over: faite) and solde (its facture issued: faite). Called where payments are
 * allocated, when a facture de solde is issued, when the commande page opens and by the morning
 * pass; each move writes its history (no user: « automatique ») and the commande's statut.
 */
export async function refreshAutoEtapes(
  trx: TransactionClientContract,
  commandeId: number
): Promise<void> {
  const facts = await commandeGateFacts(trx, commandeId)
  if (facts.annulee) return
  const solde = await trx
    .from('factures')
    .where({ commande_id: commandeId, type: 'solde' })
    .whereNotNull('numero')
    .whereNot('statut', 'annulee')
    .first()
  const wanted = autoStatuts({
    acompteDu: facts.acompteDu ?? 0,
    acomptePaye: facts.acomptePaye ?? 0,
    finRetractation: facts.finRetractation ?? null,
    renonciation: facts.renonciation ?? false,
    today: facts.today!,
    soldeEmise: Boolean(solde),
  })
  for (const etape of ['acompte', 'retractation', 'solde'] as const) {
    if (facts.etapes[etape] !== wanted[etape]) {
      await setEtapeStatut(trx, null, commandeId, etape, wanted[etape], 'automatique')
    }
  }
  await syncCommande(trx, commandeId)
}

/** refreshAutoEtapes of every commande of these factures (a payment's allocations). */
export async function refreshAutoEtapesOfFactures(
  trx: TransactionClientContract,
  factureIds: number[]
): Promise<void> {
  if (!factureIds.length) return
  const rows = await trx
    .from('factures')
    .whereIn('id', factureIds)
    .whereNotNull('commande_id')
    .distinct('commande_id')
  for (const r of rows.sort((a, b) => a.commande_id - b.commande_id)) {
    await refreshAutoEtapes(trx, Number(r.commande_id))
  }
}

/** The step's lock: 409 with the one conflict message (who and when from its history). */
async function checkEtapeVersion(
  trx: TransactionClientContract,
  row: CommandeEtape,
  expected: number
) {
  if (row.lockVersion === expected) return
  const last = await trx
    .from('commande_etape_historique as h')
    .leftJoin('users', 'users.id', 'h.user_id')
    .where({ 'h.commande_id': row.commandeId, 'h.etape': row.etape })
    .orderBy('h.id', 'desc')
    .select('users.name as by', 'h.created_at as at')
    .first()
  throw new ConflictException(
    conflictMessage(
      `L’étape « ${ETAPE_LABELS[row.etape]} »`,
      last?.by ?? null,
      last?.at ? DateTime.fromJSDate(new Date(last.at)) : null,
      true
    )
  )
}

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

async function assertNotAnnulee(trx: TransactionClientContract, commandeId: number) {
  const head = await trx.from('commandes').where('id', commandeId).select('statut').first()
  if (!head) throw new NotFoundException()
  if (head.statut === 'annulee') refuse('La commande est annulée.')
  refuseSiTerminee(head.statut)
}

const dayStart = (iso: string | null) =>
  iso ? DateTime.fromISO(iso, { zone: TIME_ZONE }).startOf('day') : null

export type EditEtapeInput = {
  commandeId: number
  etape: Etape
  lockVersion: number
  responsableId: number | null
  prevueDebut: string | null
  prevueFin: string | null
  notes: string | null
}

/**
 * The generic edit of a step (issue 12 §1): its owner, planned dates and notes, under its lock
 * (409 on another version). Planned dates move a step « à faire » to « planifiée » (and back when
 * cleared); planning ahead of a closed gate is allowed, starting is not (decision 303). One
 * history row per changed field.
 */
export async function editEtape(actor: Actor, input: EditEtapeInput) {
  return db.transaction(async (trx) => {
    await assertNotAnnulee(trx, input.commandeId)
    const row = await lockEtape(trx, input.commandeId, input.etape)
    await checkEtapeVersion(trx, row, input.lockVersion)
    if (input.prevueDebut && input.prevueFin && input.prevueFin < input.prevueDebut) {
      refuse('La fin prévue précède le début prévu.')
    }
    const userId = actor.user?.id ?? null
    const before = {
      responsable_id: row.responsableId,
      prevue_debut: isoDay(row.prevueDebut?.toJSDate()),
      prevue_fin: isoDay(row.prevueFin?.toJSDate()),
      notes: row.notes,
    }
    const notes = input.notes?.trim().slice(0, 5000) || null
    const changes: { action: string; detail: string | null }[] = []
    if (before.responsable_id !== input.responsableId) {
      let nom: string | null = null
      if (input.responsableId) {
        const user = await trx
          .from('users')
          .where('id', input.responsableId)
          .select('name', 'role')
          .first()
        if (!user || user.role !== 'esi') refuse('Ce responsable n’est pas un membre de l’équipe.')
        nom = user.name
      }
      changes.push({ action: 'responsable', detail: nom ?? 'aucun' })
    }
    if (before.prevue_debut !== input.prevueDebut || before.prevue_fin !== input.prevueFin) {
      const fmt = (d: string | null) => (d ? d.split('-').reverse().join('/') : '—')
      changes.push({
        action: 'planification',
        detail: `${fmt(input.prevueDebut)} → ${fmt(input.prevueFin)}`,
      })
      // A new planned end: its lateness is told again once it passes
      if (before.prevue_fin !== input.prevueFin) row.retardNotifieLe = null
    }
    if ((before.notes ?? null) !== notes) changes.push({ action: 'note', detail: notes })
    if (!changes.length) return row
    const statutAvant = row.statut
    row.merge({
      responsableId: input.responsableId,
      prevueDebut: dayStart(input.prevueDebut),
      prevueFin: dayStart(input.prevueFin),
      notes,
      lockVersion: row.lockVersion + 1,
    })
    const dated = Boolean(input.prevueDebut || input.prevueFin)
    if (row.statut === 'a_faire' && dated) row.statut = 'planifiee'
    if (row.statut === 'planifiee' && !dated) row.statut = 'a_faire'
    row.useTransaction(trx)
    await row.save()
    for (const c of changes) {
      await historique(trx, {
        commandeId: input.commandeId,
        etape: input.etape,
        userId,
        action: c.action,
        detail: c.detail,
      })
    }
    if (row.statut !== statutAvant) {
      await historique(trx, {
        commandeId: input.commandeId,
        etape: input.etape,
        userId,
        action: 'statut',
        de: statutAvant,
        vers: row.statut,
      })
    }
    await audit(
      actor,
      {
        action: 'commande.etape.modifiee',
        subjectType: 'commande',
        subjectId: input.commandeId,
        before: { etape: input.etape, ...before, statut: statutAvant },
        after: {
          etape: input.etape,
          responsable_id: input.responsableId,
          prevue_debut: input.prevueDebut,
          prevue_fin: input.prevueFin,
          notes,
          statut: row.statut,
        },
      },
      trx
    )
    await syncCommande(trx, input.commandeId)
    return row
  })
}

/**
 * The planning (issue 13) plans a mesurage or pose step: its planned dates and owner follow the
 * visit, « à faire » becomes « planifiée »; `plan` null (the visit cancelled) clears the dates
 * and gives a « planifiée » step back to « à faire ». In the caller's transaction; a step already
 * started or done keeps its statut (only its dates follow).
 */
export async function planifierEtape(
  trx: TransactionClientContract,
  actor: Actor,
  commandeId: number,
  etape: Etape,
  plan: { debut: DateTime; fin: DateTime; responsableId: number } | null
): Promise<void> {
  const row = await lockEtape(trx, commandeId, etape)
  const userId = actor.user?.id ?? null
  const statutAvant = row.statut
  const jour = (d: DateTime) => d.setZone(TIME_ZONE).startOf('day')
  const debut = plan ? jour(plan.debut) : null
  const fin = plan ? jour(plan.fin) : null
  const same = (a: DateTime | null, b: DateTime | null) => (a && b ? +a === +b : a === b)
  const responsableId = plan ? plan.responsableId : row.responsableId
  if (
    same(row.prevueDebut, debut) &&
    same(row.prevueFin, fin) &&
    row.responsableId === responsableId &&
    (plan ? row.statut !== 'a_faire' : row.statut !== 'planifiee')
  ) {
    return
  }
  if (!same(row.prevueFin, fin)) row.retardNotifieLe = null
  row.merge({ prevueDebut: debut, prevueFin: fin, responsableId, lockVersion: row.lockVersion + 1 })
  if (plan && row.statut === 'a_faire') row.statut = 'planifiee'
  if (!plan && row.statut === 'planifiee') row.statut = 'a_faire'
  row.useTransaction(trx)
  await row.save()
  const fmt = (d: DateTime | null) => (d ? d.toFormat('dd/LL/yyyy') : '—')
  await historique(trx, {
    commandeId,
    etape,
    userId,
    action: 'planification',
    detail: plan ? `${fmt(debut)} → ${fmt(fin)} (planning)` : 'visite annulée au planning',
  })
  if (row.statut !== statutAvant) {
    await historique(trx, {
      commandeId,
      etape,
      userId,
      action: 'statut',
      de: statutAvant,
      vers: row.statut,
    })
  }
  await syncCommande(trx, commandeId)
}

export type ChangeStatutInput = {
  commandeId: number
  etape: Etape
  lockVersion: number
  move: StatutManuel
  motif: string | null
}

/**
 * A manual move of a step (decision 303): « en cours » (only with its gate open: 422 with the
 * gate's reason), « bloquée » with a motif, « débloquer ». Under the step's lock (409).
 */
export async function changeEtapeStatut(actor: Actor, input: ChangeStatutInput) {
  return db.transaction(async (trx) => {
    await assertNotAnnulee(trx, input.commandeId)
    const row = await lockEtape(trx, input.commandeId, input.etape)
    await checkEtapeVersion(trx, row, input.lockVersion)
    const refused = mouvementRefuse(input.etape, row.statut, input.move)
    if (refused) refuse(refused)
    let statut: EtapeStatut
    let detail: string | null = null
    if (input.move === 'en_cours') {
      await assertEtapeGate(trx, input.commandeId, input.etape)
      statut = 'en_cours'
    } else if (input.move === 'bloquee') {
      const motif = input.motif?.trim().slice(0, 500)
      if (!motif) refuse('Indiquez pourquoi l’étape est bloquée.')
      statut = 'bloquee'
      detail = motif
    } else {
      statut = statutDebloque({
        debutReel: row.debutReel !== null,
        planifiee: row.prevueDebut !== null || row.prevueFin !== null,
      })
      detail = 'débloquée'
    }
    const updated = await setEtapeStatut(trx, actor, input.commandeId, input.etape, statut, detail)
    return updated
  })
}

/** « L’étape Pose est bloquée » etc. in French, for flash messages. */
export function etapeStatutMessage(etape: Etape, statut: EtapeStatut): string {
  return `Étape « ${ETAPE_LABELS[etape]} » : ${ETAPE_STATUT_LABELS[statut].toLowerCase()}.`
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
