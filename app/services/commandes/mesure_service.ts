// The measurement sheet validated or reopened, the locks and refusals every write shares.
/*
 * Issue 12 §2: the measurement sheet of a commande (decisions 330–349).
 * - Opened the first time: created with one row per quoted line to measure (shared/mesurage.ts
 *   ligneAMesurer), what the devis said kept as the row's reference.
 * - Sync (the phone's offline queue): rows upserted by their client_uuid, deleted ones listed by
 *   uuid and remembered (mesure_lignes_supprimees) so no re-send brings them back; per row, the
 *   last write received wins; the sheet row is locked FOR UPDATE so two syncs run one after the
 *   other. The same payload twice gives the same rows.
 * - Validation: every row measured, the differences from the devis flagged (ecartsLigne with the
 *   société's tolerance), the mesurage step « faite » or « bloquee » (avenant to sign).
 * - Reopening: back to brouillon while the approvisionnement has not started, with its motif.
 * Opening and rows: mesure_feuille.ts; sync: mesure_sync.ts.
 */
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Mesure from '#models/mesure'
import MesureLigne from '#models/mesure_ligne'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { companySociete } from '#services/company'
import { checkVersion } from '#services/documents/optimistic_lock'
import { historique, lockEtape, setEtapeStatut } from '#services/commandes/etapes'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { errors } from '@vinejs/vine'
import {
  MESURE_MESSAGES,
  TOLERANCE_DEFAUT_MM,
  ecartLigneRetiree,
  ecartsLigne,
  type MesureEcart,
} from '#shared/mesurage'
import { quotedLines, toMesurer } from '#services/commandes/mesure_feuille'

export const MOTIF_AVENANT = 'Avenant à faire signer'
export const MESURE_VALIDEE_MESSAGE =
  'La feuille de mesurage est validée : rouvrez-la pour la modifier.'
export const MESURE_ANNULEE_MESSAGE = 'La commande est annulée : la feuille ne peut plus changer.'
export const REOUVERTURE_REFUSEE =
  'L’approvisionnement a commencé : la feuille de mesurage ne peut plus être rouverte.'

export async function lockMesure(
  trx: TransactionClientContract,
  commandeId: number
): Promise<Mesure> {
  const mesure = await Mesure.query({ client: trx })
    .where('commandeId', commandeId)
    .forUpdate()
    .first()
  if (!mesure) throw new NotFoundException()
  return mesure
}

export async function assertModifiable(trx: TransactionClientContract, mesure: Mesure) {
  const commande = await trx.from('commandes').where('id', mesure.commandeId).first()
  if (commande?.statut === 'annulee') throw new TransitionException(MESURE_ANNULEE_MESSAGE)
  refuseSiTerminee(commande?.statut)
  if (mesure.statut !== 'brouillon') throw new TransitionException(MESURE_VALIDEE_MESSAGE)
}

function describeSheet(trx: TransactionClientContract, mesure: Mesure) {
  return async () => {
    const last = await trx
      .from('commande_etape_historique')
      .leftJoin('users', 'users.id', 'commande_etape_historique.user_id')
      .where({ commande_id: mesure.commandeId, etape: 'mesurage' })
      .orderBy('commande_etape_historique.id', 'desc')
      .select('users.name')
      .first()
    return {
      label: 'La feuille de mesurage',
      feminine: true,
      by: last?.name ?? null,
      at: mesure.updatedAt,
    }
  }
}

/** The tolerance of the esi société (societes.tolerance_mesure_mm). */
export async function toleranceMm(trx?: TransactionClientContract): Promise<number> {
  const societe = await companySociete(trx)
  return societe?.toleranceMesureMm ?? TOLERANCE_DEFAUT_MM
}

/**
 * « Valider le mesurage » (decision 335): every row measured, differences flagged per row and for
 * the sheet, the step « faite » (no difference) or « bloquee » with « Avenant à faire signer ».
 */
export async function validerMesure(actor: Actor, commandeId: number, lockVersion: number) {
  return db.transaction(async (trx) => {
    const mesure = await lockMesure(trx, commandeId)
    await checkVersion(mesure, lockVersion, describeSheet(trx, mesure))
    await assertModifiable(trx, mesure)
    const lignes = await MesureLigne.query({ client: trx })
      .where('mesureId', mesure.id)
      .orderBy('position')
      .orderBy('id')
    if (!lignes.length) {
      throw new errors.E_VALIDATION_ERROR([
        { field: 'lignes', message: MESURE_MESSAGES.vide, rule: 'required' },
      ])
    }
    const missing: { field: string; message: string; rule: string }[] = []
    for (const l of lignes) {
      const at = `lignes.${l.clientUuid}`
      if (l.largeurMm === null)
        missing.push({
          field: `${at}.largeur_mm`,
          message: MESURE_MESSAGES.largeurRequise,
          rule: 'required',
        })
      if (l.hauteurMm === null)
        missing.push({
          field: `${at}.hauteur_mm`,
          message: MESURE_MESSAGES.hauteurRequise,
          rule: 'required',
        })
    }
    if (missing.length) throw new errors.E_VALIDATION_ERROR(missing)

    const tolerance = await toleranceMm(trx)
    let total = 0
    for (const l of lignes) {
      const ecarts = ecartsLigne(
        {
          bdc_ligne_id: l.bdcLigneId === null ? null : Number(l.bdcLigneId),
          largeur_mm: l.largeurMm,
          hauteur_mm: l.hauteurMm,
          couleur: l.couleur,
          vitrage: l.vitrage,
          sens_ouverture: l.sensOuverture,
          quantite: Number(l.quantite),
        },
        l.reference ?? {},
        tolerance
      )
      total += ecarts.length
      await trx
        .from('mesure_lignes')
        .where('id', l.id)
        .update({ ecarts: JSON.stringify(ecarts), updated_at: new Date() })
    }
    // Quoted items no longer on the sheet
    const measured = new Set(lignes.map((l) => Number(l.bdcLigneId)))
    const sheetEcarts: MesureEcart[] = toMesurer(await quotedLines(trx, commandeId))
      .filter((q) => !measured.has(Number(q.id)))
      .map((q) =>
        ecartLigneRetiree(q.designation ?? '', q.quantite === null ? null : Number(q.quantite))
      )
    total += sheetEcarts.length

    mesure.merge({
      ecarts: sheetEcarts,
      statut: 'validee',
      toleranceMm: tolerance,
      valideeLe: DateTime.now(),
      valideePar: actor.user?.id ?? null,
      lockVersion: mesure.lockVersion + 1,
    })
    mesure.useTransaction(trx)
    await mesure.save()

    const detail = total
      ? `Feuille validée : ${total} écart${total > 1 ? 's' : ''} avec le devis (tolérance ±${tolerance} mm)`
      : `Feuille validée sans écart (tolérance ±${tolerance} mm)`
    if (total) {
      await setEtapeStatut(trx, actor, commandeId, 'mesurage', 'bloquee', detail)
      await trx
        .from('commande_etapes')
        .where({ commande_id: commandeId, etape: 'mesurage' })
        .update({ motif_blocage: MOTIF_AVENANT })
    } else {
      await setEtapeStatut(trx, actor, commandeId, 'mesurage', 'faite', detail)
    }
    await audit(
      actor,
      {
        action: 'mesure.validee',
        subjectType: 'commande',
        subjectId: commandeId,
        after: {
          mesure_id: mesure.id,
          lignes: lignes.length,
          ecarts: total,
          tolerance_mm: tolerance,
        },
      },
      trx
    )
    return { mesure, ecarts: total }
  })
}

/** Approvisionnement statuts before anything is ordered: the sheet may still be reopened. */
const APPRO_NON_COMMENCE = ['a_faire', 'planifiee', 'bloquee']

/** Reopening a validated sheet (decision 336): back to brouillon with its motif, in the history. */
export async function rouvrirMesure(
  actor: Actor,
  commandeId: number,
  lockVersion: number,
  motif: string
) {
  return db.transaction(async (trx) => {
    const mesure = await lockMesure(trx, commandeId)
    await checkVersion(mesure, lockVersion, describeSheet(trx, mesure))
    const commande = await trx.from('commandes').where('id', commandeId).first()
    if (commande?.statut === 'annulee') throw new TransitionException(MESURE_ANNULEE_MESSAGE)
    refuseSiTerminee(commande?.statut)
    if (mesure.statut !== 'validee')
      throw new TransitionException('La feuille de mesurage n’est pas validée.')
    const appro = await lockEtape(trx, commandeId, 'approvisionnement')
    if (!APPRO_NON_COMMENCE.includes(appro.statut))
      throw new TransitionException(REOUVERTURE_REFUSEE)
    mesure.merge({
      statut: 'brouillon',
      valideeLe: null,
      valideePar: null,
      lockVersion: mesure.lockVersion + 1,
    })
    mesure.useTransaction(trx)
    await mesure.save()
    await setEtapeStatut(
      trx,
      actor,
      commandeId,
      'mesurage',
      'en_cours',
      `Feuille rouverte : ${motif}`
    )
    await historique(trx, {
      commandeId,
      etape: 'mesurage',
      userId: actor.user?.id ?? null,
      action: 'reouverture',
      detail: motif,
    })
    await audit(
      actor,
      {
        action: 'mesure.rouverte',
        subjectType: 'commande',
        subjectId: commandeId,
        after: { mesure_id: mesure.id, motif },
      },
      trx
    )
    return mesure
  })
}

/** Whether the sheet may be reopened now, and why not (the button's reason). */
export function reouvertureRaison(statutAppro: string, statutMesure: string): string | null {
  if (statutMesure !== 'validee') return null
  return APPRO_NON_COMMENCE.includes(statutAppro) ? null : REOUVERTURE_REFUSEE
}
