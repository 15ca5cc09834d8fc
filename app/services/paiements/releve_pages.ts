/*
 * Bank import pages and manual matching (issue 11 §3): the imported statements, the lines of
 * one with their statut and payment, and what staff do with a line left « à rapprocher »: pay
 * it to a client (spread over his open factures, or kept as his credit) or ignore it.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { parseId } from '#services/route_params'
import { recordPaiement, type Allocation } from '#services/paiements/paiement_service'
import { CLIENT_NOM } from '#services/paiements/paiement_list'
import { lineIdempotencyKey, lineReference } from '#services/paiements/releve_import'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import type { ReleveLigneItem, ReleveSummary } from '#shared/releves'
import { iso } from '#transformers/dates'

/** A statement has at most a few hundred lines a day; the page shows this many. */
export const LIGNES_PAR_PAGE = 1000

const SUMMARY_COLUMNS = `r.*, u.name AS imported_by_nom,
  to_char(r.date_debut, 'YYYY-MM-DD') AS debut, to_char(r.date_fin, 'YYYY-MM-DD') AS fin,
  (SELECT count(*) FROM releve_lignes l WHERE l.releve_id = r.id)::int AS lignes_nouvelles,
  (SELECT count(*) FROM releve_lignes l WHERE l.releve_id = r.id
     AND l.statut = 'a_rapprocher')::int AS a_rapprocher`

function summary(r: any): ReleveSummary {
  return {
    id: r.id,
    fichier_nom: r.fichier_nom,
    format: r.format,
    compte_iban: r.compte_iban,
    releve_ref: r.releve_ref,
    date_debut: r.debut,
    date_fin: r.fin,
    solde_initial: r.solde_initial === null ? null : Number(r.solde_initial),
    solde_final: r.solde_final === null ? null : Number(r.solde_final),
    lignes_fichier: r.lignes_fichier,
    lignes_deja_importees: r.lignes_deja_importees,
    lignes_nouvelles: r.lignes_nouvelles,
    rapprochees_auto: r.rapprochees_auto,
    a_rapprocher: r.a_rapprocher,
    imported_by: r.imported_by_nom ?? null,
    created_at: iso(r.created_at)!,
  }
}

/** The latest imports, newest first. */
export async function recentReleves(limit = 50): Promise<ReleveSummary[]> {
  const { rows } = await db.rawQuery(
    `SELECT ${SUMMARY_COLUMNS} FROM releves_bancaires r LEFT JOIN users u ON u.id = r.imported_by
     ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
    [limit]
  )
  return rows.map(summary)
}

export async function findReleve(rawId: unknown): Promise<ReleveSummary> {
  const id = parseId(rawId)
  const { rows } = id
    ? await db.rawQuery(
        `SELECT ${SUMMARY_COLUMNS} FROM releves_bancaires r
         LEFT JOIN users u ON u.id = r.imported_by WHERE r.id = ?`,
        [id]
      )
    : { rows: [] }
  if (!rows[0]) throw new NotFoundException()
  return summary(rows[0])
}

export async function releveLignes(releveId: number): Promise<ReleveLigneItem[]> {
  const { rows } = await db.rawQuery(
    `SELECT l.*, to_char(l.date_operation, 'YYYY-MM-DD') AS jour, p.client_id, ${CLIENT_NOM} AS client_nom,
       (SELECT COALESCE(array_agg(f.numero ORDER BY f.numero), '{}') FROM paiement_allocations a
        JOIN factures f ON f.id = a.facture_id WHERE a.paiement_id = p.id) AS factures
     FROM releve_lignes l
     LEFT JOIN paiements p ON p.id = l.paiement_id
     LEFT JOIN clients ON clients.id_client = p.client_id
     WHERE l.releve_id = ? ORDER BY l.date_operation, l.id LIMIT ?`,
    [releveId, LIGNES_PAR_PAGE]
  )
  return rows.map((l: any): ReleveLigneItem => ({
    id: l.id,
    date_operation: l.jour,
    montant: Number(l.montant),
    devise: l.devise,
    contrepartie_nom: l.contrepartie_nom,
    contrepartie_iban: l.contrepartie_iban,
    communication: l.communication,
    communication_structuree: l.communication_structuree,
    reference_banque: l.reference_banque,
    statut: l.statut,
    rapprochement: l.rapprochement,
    paiement: l.paiement_id
      ? {
          id: l.paiement_id,
          client_id: Number(l.client_id),
          client_nom: String(l.client_nom ?? ''),
          factures: l.factures ?? [],
        }
      : null,
  }))
}

/** The line, locked (an unknown or malformed id is a 404). */
async function lockLigne(trx: TransactionClientContract, rawLigne: unknown) {
  const id = parseId(rawLigne)
  const line = id
    ? await trx
        .from('releve_lignes')
        .where('id', id)
        .select('*', trx.raw(`to_char(date_operation, 'YYYY-MM-DD') AS jour`))
        .forUpdate()
        .first()
    : null
  if (!line) throw new NotFoundException()
  return line
}

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

const DEJA_TRAITEE = 'Cette ligne a déjà été traitée : rechargez la page.'

/**
 * Pays a credit line to a client: a virement of the line's amount, dated and referenced like
 * the line, spread as asked over the client's open factures; the rest is the client's credit.
 */
export async function rapprocherLigne(
  actor: Actor,
  input: {
    ligneId: unknown
    clientId: number
    allocations: Allocation[]
    userId: number
  }
) {
  return db.transaction(async (trx) => {
    const line = await lockLigne(trx, input.ligneId)
    if (line.statut !== 'a_rapprocher') refuse(DEJA_TRAITEE)
    if (Number(line.montant) <= 0) {
      refuse('Un débit ne se rapproche pas d’un client : ignorez cette ligne.')
    }
    if (line.devise !== 'EUR') refuse('Seules les lignes en euros se rapprochent des factures.')
    const { paiement } = await recordPaiement(
      actor,
      {
        clientId: input.clientId,
        date: DateTime.fromISO(line.jour),
        montant: Number(line.montant),
        mode: 'virement',
        reference: lineReference(line),
        compte: line.contrepartie_iban,
        idempotencyKey: lineIdempotencyKey(line.cle),
        allocations: input.allocations,
        userId: input.userId,
      },
      trx
    )
    await trx.from('releve_lignes').where('id', line.id).update({
      statut: 'rapprochee_manuelle',
      paiement_id: paiement.id,
      traitee_par: input.userId,
      traitee_le: new Date(),
      updated_at: new Date(),
    })
    return { paiement, releveId: Number(line.releve_id) }
  })
}

/** Ignores a line (bank fees, a transfer that is not a client's), or takes it back. */
export async function setLigneIgnoree(
  actor: Actor,
  input: { ligneId: unknown; ignoree: boolean; userId: number }
) {
  return db.transaction(async (trx) => {
    const line = await lockLigne(trx, input.ligneId)
    const from = input.ignoree ? 'a_rapprocher' : 'ignoree'
    if (line.statut !== from) refuse(DEJA_TRAITEE)
    const statut = input.ignoree ? 'ignoree' : 'a_rapprocher'
    await trx.from('releve_lignes').where('id', line.id).update({
      statut,
      traitee_par: input.userId,
      traitee_le: new Date(),
      updated_at: new Date(),
    })
    await audit(
      actor,
      {
        action: input.ignoree ? 'releve_ligne.ignoree' : 'releve_ligne.retablie',
        userId: input.userId,
        subjectType: 'releve_ligne',
        subjectId: line.id,
        before: { statut: line.statut },
        after: { statut },
      },
      trx
    )
    return { releveId: Number(line.releve_id) }
  })
}
