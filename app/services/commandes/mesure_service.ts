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
 */
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Commande from '#models/commande'
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
  MESURE_LIMITS,
  MESURE_MESSAGES,
  TOLERANCE_DEFAUT_MM,
  ecartLigneRetiree,
  ecartsLigne,
  ligneAMesurer,
  referenceFromDesignation,
  type MesureEcart,
} from '#shared/mesurage'
import type { MesureSyncInput } from '#validators/mesure'

export const MOTIF_AVENANT = 'Avenant à faire signer'
export const MESURE_VALIDEE_MESSAGE =
  'La feuille de mesurage est validée : rouvrez-la pour la modifier.'
export const MESURE_ANNULEE_MESSAGE = 'La commande est annulée : la feuille ne peut plus changer.'
export const REOUVERTURE_REFUSEE =
  'L’approvisionnement a commencé : la feuille de mesurage ne peut plus être rouverte.'

/** The quoted lines of a commande's bdc, with their product's category. */
async function quotedLines(client: TransactionClientContract, commandeId: number) {
  return client
    .from('bdc_lignes')
    .join('commandes', 'commandes.bdc_id', 'bdc_lignes.bdc_id')
    .leftJoin('produits', 'produits.id', 'bdc_lignes.produit_id')
    .where('commandes.id', commandeId)
    .orderBy('bdc_lignes.position')
    .select(
      'bdc_lignes.id',
      'bdc_lignes.type',
      'bdc_lignes.produit_id',
      'bdc_lignes.designation',
      'bdc_lignes.quantite',
      'bdc_lignes.unite',
      'produits.categorie'
    )
}

function toMesurer(lines: Awaited<ReturnType<typeof quotedLines>>) {
  return lines.filter((l) =>
    ligneAMesurer({
      type: l.type,
      unite: l.unite,
      categorie: l.categorie,
      produit_id: l.produit_id === null ? null : Number(l.produit_id),
      designation: l.designation ?? '',
    })
  )
}

/**
 * The sheet of a commande, created (and prefilled) the first time it is opened. Two first
 * openings at once make one sheet: the insert is ON CONFLICT DO NOTHING and the loser reads it.
 */
export async function ensureMesure(commandeId: number): Promise<Mesure> {
  const existing = await Mesure.findBy('commandeId', commandeId)
  if (existing) return existing
  return db.transaction(async (trx) => {
    const inserted = await trx.rawQuery(
      `INSERT INTO mesures (commande_id, statut, created_at, updated_at)
       VALUES (?, 'brouillon', now(), now()) ON CONFLICT (commande_id) DO NOTHING RETURNING id`,
      [commandeId]
    )
    if (inserted.rows.length) {
      const mesureId = Number(inserted.rows[0].id)
      const lines = toMesurer(await quotedLines(trx, commandeId))
      let position = 1
      for (const l of lines) {
        const quantite = l.quantite === null ? 1 : Number(l.quantite)
        const ref = referenceFromDesignation(l.designation ?? '', quantite)
        await trx.table('mesure_lignes').insert({
          mesure_id: mesureId,
          bdc_ligne_id: l.id,
          client_uuid: randomUUID(),
          position: position++,
          repere: '',
          designation: (l.designation ?? '').slice(0, MESURE_LIMITS.designation),
          largeur_mm: null,
          hauteur_mm: null,
          sens_ouverture: ref.sens_ouverture ?? null,
          couleur: ref.couleur ?? null,
          vitrage: ref.vitrage ?? null,
          quantite: quantite > 0 ? quantite : 1,
          remarques: null,
          reference: JSON.stringify(ref),
          ecarts: JSON.stringify([]),
        })
      }
    }
    return Mesure.query({ client: trx }).where('commandeId', commandeId).firstOrFail()
  })
}

export async function findCommandeForMesure(id: number): Promise<Commande> {
  const commande = await Commande.find(id)
  if (!commande) throw new NotFoundException()
  return commande
}

/** A row as the page and the sync answer show it. */
export function ligneProps(l: MesureLigne) {
  return {
    id: l.id,
    client_uuid: l.clientUuid,
    bdc_ligne_id: l.bdcLigneId === null ? null : Number(l.bdcLigneId),
    position: l.position,
    repere: l.repere,
    designation: l.designation,
    largeur_mm: l.largeurMm,
    hauteur_mm: l.hauteurMm,
    sens_ouverture: l.sensOuverture,
    couleur: l.couleur,
    vitrage: l.vitrage,
    quantite: Number(l.quantite),
    remarques: l.remarques,
    reference: l.reference ?? {},
    ecarts: l.ecarts ?? [],
  }
}
export type MesureLigneProps = ReturnType<typeof ligneProps>

export async function lignesOf(mesureId: number, client?: TransactionClientContract) {
  const rows = await MesureLigne.query({ client })
    .where('mesureId', mesureId)
    .orderBy('position')
    .orderBy('id')
  return rows.map(ligneProps)
}

async function lockMesure(trx: TransactionClientContract, commandeId: number): Promise<Mesure> {
  const mesure = await Mesure.query({ client: trx })
    .where('commandeId', commandeId)
    .forUpdate()
    .first()
  if (!mesure) throw new NotFoundException()
  return mesure
}

async function assertModifiable(trx: TransactionClientContract, mesure: Mesure) {
  const commande = await trx.from('commandes').where('id', mesure.commandeId).first()
  if (commande?.statut === 'annulee') throw new TransitionException(MESURE_ANNULEE_MESSAGE)
  refuseSiTerminee(commande?.statut)
  if (mesure.statut !== 'brouillon') throw new TransitionException(MESURE_VALIDEE_MESSAGE)
}

/**
 * One sync of the phone's queue (decision 334): deletions then upserts, in one transaction,
 * the sheet locked. Returns the sheet's rows and version after it.
 */
export async function syncMesure(actor: Actor, commandeId: number, input: MesureSyncInput) {
  await ensureMesure(commandeId)
  return db.transaction(async (trx) => {
    const mesure = await lockMesure(trx, commandeId)
    await assertModifiable(trx, mesure)

    const supprimees = [...new Set(input.supprimees ?? [])]
    if (supprimees.length) {
      // Only this sheet's uuids (or unknown ones) are remembered: another sheet's row stays
      await trx.rawQuery(
        `INSERT INTO mesure_lignes_supprimees (client_uuid, mesure_id)
         SELECT u, ? FROM unnest(?::uuid[]) AS u
          WHERE NOT EXISTS (SELECT 1 FROM mesure_lignes l WHERE l.client_uuid = u AND l.mesure_id <> ?)
         ON CONFLICT (client_uuid) DO NOTHING`,
        [mesure.id, supprimees, mesure.id]
      )
      // Their photos stay with the commande's mesurage step, no longer tied to a row
      await trx.rawQuery(
        `UPDATE commande_fichiers SET mesure_ligne_id = NULL
          WHERE mesure_ligne_id IN (SELECT id FROM mesure_lignes
                                     WHERE mesure_id = ? AND client_uuid = ANY(?::uuid[]))`,
        [mesure.id, supprimees]
      )
      await trx
        .from('mesure_lignes')
        .where('mesure_id', mesure.id)
        .whereIn('client_uuid', supprimees)
        .delete()
    }

    const lignes = input.lignes ?? []
    if (lignes.length) {
      const uuids = lignes.map((l) => l.client_uuid)
      if (new Set(uuids).size !== uuids.length) {
        throw new errors.E_VALIDATION_ERROR([
          { field: 'lignes', message: 'Une ligne est envoyée deux fois.', rule: 'distinct' },
        ])
      }
      const tombs = await trx.from('mesure_lignes_supprimees').whereIn('client_uuid', uuids)
      const dead = new Set(tombs.map((t) => t.client_uuid as string))
      const live = lignes.filter((l) => !dead.has(l.client_uuid))
      if (live.length) {
        // One statement for every row; bdc_ligne_id and reference are never the client's
        const values = live.map((l) => ({
          client_uuid: l.client_uuid,
          position: l.position,
          repere: l.repere ?? '',
          designation: l.designation ?? '',
          largeur_mm: l.largeur_mm ?? null,
          hauteur_mm: l.hauteur_mm ?? null,
          sens_ouverture: l.sens_ouverture ?? null,
          couleur: l.couleur ?? null,
          vitrage: l.vitrage ?? null,
          quantite: l.quantite ?? 1,
          remarques: l.remarques ?? null,
        }))
        const result = await trx.rawQuery(
          `INSERT INTO mesure_lignes (mesure_id, client_uuid, position, repere, designation,
             largeur_mm, hauteur_mm, sens_ouverture, couleur, vitrage, quantite, remarques,
             created_at, updated_at)
           SELECT ?, r.client_uuid, r.position, r.repere, r.designation, r.largeur_mm,
                  r.hauteur_mm, r.sens_ouverture, r.couleur, r.vitrage, r.quantite, r.remarques,
                  now(), now()
             FROM jsonb_to_recordset(?::jsonb) AS r(client_uuid uuid, position smallint,
                  repere text, designation text, largeur_mm integer, hauteur_mm integer,
                  sens_ouverture text, couleur text, vitrage text, quantite numeric, remarques text)
           ON CONFLICT (client_uuid) DO UPDATE SET
             position = EXCLUDED.position, repere = EXCLUDED.repere,
             designation = EXCLUDED.designation, largeur_mm = EXCLUDED.largeur_mm,
             hauteur_mm = EXCLUDED.hauteur_mm, sens_ouverture = EXCLUDED.sens_ouverture,
             couleur = EXCLUDED.couleur, vitrage = EXCLUDED.vitrage,
             quantite = EXCLUDED.quantite, remarques = EXCLUDED.remarques, updated_at = now()
           WHERE mesure_lignes.mesure_id = EXCLUDED.mesure_id
           RETURNING client_uuid`,
          [mesure.id, JSON.stringify(values)]
        )
        if (result.rows.length !== live.length) {
          const written = new Set(result.rows.map((r: { client_uuid: string }) => r.client_uuid))
          const index = lignes.findIndex(
            (l) => !written.has(l.client_uuid) && !dead.has(l.client_uuid)
          )
          throw new errors.E_VALIDATION_ERROR([
            {
              field: `lignes.${index}.client_uuid`,
              message: 'Cette ligne appartient à une autre feuille de mesurage.',
              rule: 'owner',
            },
          ])
        }
      }
      const count = await trx.from('mesure_lignes').where('mesure_id', mesure.id).count('* as n')
      if (Number(count[0].n) > MESURE_LIMITS.lignes) {
        throw new errors.E_VALIDATION_ERROR([
          {
            field: 'lignes',
            message: `Une feuille compte au plus ${MESURE_LIMITS.lignes} lignes.`,
            rule: 'max',
          },
        ])
      }
    }

    if (input.remarques !== undefined) mesure.remarques = input.remarques || null
    mesure.lockVersion += 1
    mesure.useTransaction(trx)
    await mesure.save()

    const etape = await lockEtape(trx, commandeId, 'mesurage')
    if (etape.statut === 'a_faire' || etape.statut === 'planifiee') {
      await setEtapeStatut(trx, actor, commandeId, 'mesurage', 'en_cours', 'Mesurage commencé')
    }
    return { lock_version: mesure.lockVersion, lignes: await lignesOf(mesure.id, trx) }
  })
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
