// A visit's statut changed: réalisée (its step starts), annulée (its slot freed), or back.
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { planificationDto } from '#services/planning/planification_reads'
import { refusePlanning as refuse } from '#services/planning/planification_source'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import { setEtapeStatut } from '#services/commandes/etapes'
import {
  PLANIF_STATUT_LABELS,
  PLANIF_TRANSITIONS,
  type PlanifStatut,
  type PlanificationDto,
} from '#shared/planning'
import { frRange, instant } from '#services/planning/planification_temps'
import { guarded, notifyPersonnes, personnesOf } from '#services/planning/planification_personnes'
import {
  checkVersion,
  followEtape,
  historique,
  lockPlanification,
} from '#services/planning/planification_guards'

export type StatutChange = { lockVersion: number; statut: PlanifStatut; motif?: string | null }

/**
 * Réalisée (the step it plans starts: 422 with the gate's reason when it cannot), annulée with
 * the motif (the slot is freed; the step or request waits to be planned again), or back to
 * planifiée from réalisée (a click too fast).
 */
export async function changePlanificationStatut(
  actor: Actor,
  id: number,
  change: StatutChange
): Promise<PlanificationDto> {
  let range: { personnes: number[]; debut: DateTime; fin: DateTime } | null = null
  await guarded(
    () =>
      db.transaction(async (trx) => {
        const row = await lockPlanification(trx, id)
        await checkVersion(trx, row, change.lockVersion)
        const from = row.statut as PlanifStatut
        if (!PLANIF_TRANSITIONS[from].includes(change.statut)) {
          refuse(
            `Une visite ${PLANIF_STATUT_LABELS[from].toLowerCase()} ne peut pas devenir ${PLANIF_STATUT_LABELS[change.statut].toLowerCase()}.`
          )
        }
        const userId = actor.user?.id ?? null
        const motif = change.motif?.trim().slice(0, 500) || null
        if (change.statut === 'annulee' && !motif) refuse('Indiquez le motif de l’annulation.')
        const now = new Date()
        await trx
          .from('planifications')
          .where('id', id)
          .update({
            statut: change.statut,
            realisee_le: change.statut === 'realisee' ? now : null,
            annulee_le: change.statut === 'annulee' ? now : null,
            motif_annulation: change.statut === 'annulee' ? motif : null,
            lock_version: row.lock_version + 1,
            updated_by: userId,
            updated_at: now,
          })
        const debut = instant(row.debut)
        const fin = instant(row.fin)
        const personnes = await personnesOf(trx, id)
        range = { personnes, debut, fin }
        if (change.statut === 'annulee') {
          await trx
            .from('planification_personnes')
            .where('planification_id', id)
            .update({ actif: false })
          if (row.demande_id) {
            await trx
              .from('planning_demandes')
              .where('id', row.demande_id)
              .update({ statut: 'ouverte', updated_at: now })
          }
          await followEtape(trx, actor, row, null)
        }
        if (row.etape && change.statut === 'realisee') {
          const step = await trx
            .from('commande_etapes')
            .where({ commande_id: row.commande_id, etape: row.etape })
            .select('statut')
            .first()
          if (step && ['a_faire', 'planifiee'].includes(step.statut)) {
            await assertEtapeGate(trx, row.commande_id, row.etape)
            await setEtapeStatut(
              trx,
              actor,
              row.commande_id,
              row.etape,
              'en_cours',
              'visite réalisée'
            )
          }
        }
        await historique(
          trx,
          id,
          userId,
          'statut',
          `${PLANIF_STATUT_LABELS[from]} → ${PLANIF_STATUT_LABELS[change.statut]}${motif ? ` : ${motif}` : ''}`
        )
        await audit(
          actor,
          {
            action: 'planification.statut',
            subjectType: 'planification',
            subjectId: id,
            before: { statut: from },
            after: { statut: change.statut, motif },
          },
          trx
        )
        if (change.statut === 'annulee') {
          await notifyPersonnes(
            trx,
            actor,
            personnes,
            `Visite annulée : ${row.titre} ${frRange(debut, fin)}`,
            row.type,
            id,
            debut
          )
        }
      }),
    () => ({ ...range!, exceptId: id })
  )
  return planificationDto(id)
}
