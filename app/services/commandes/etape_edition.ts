// A step edited by hand (owner, dates, notes, manual moves) or planned by the planning.
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type CommandeEtape from '#models/commande_etape'
import { audit } from '#services/audit'
import type { Actor } from '#services/actor'
import { AppException, ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { conflictMessage } from '#services/documents/optimistic_lock'
import { TIME_ZONE } from '#shared/app'
import {
  ETAPE_LABELS,
  ETAPE_STATUT_LABELS,
  type Etape,
  type EtapeStatut,
} from '#shared/commande_etapes'
import { mouvementRefuse, statutDebloque, type StatutManuel } from '#shared/commande_timeline'
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import {
  historique,
  isoDay,
  lockEtape,
  setEtapeStatut,
  syncCommande,
} from '#services/commandes/etapes'

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
