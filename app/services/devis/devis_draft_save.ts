/*
 * A brouillon's save in ONE statement (decision 736): the header updated only at the version the
 * user saw, the lines written from one JSON parameter (only the positions whose values changed,
 * and those past the last line deleted: decision 862), and the audit row —
 * one round trip, atomic on its own (no BEGIN/COMMIT), no Lucid model read or saved, no
 * 650-binding multi-row insert. Same values as devis_service's applyInput (the totals from
 * shared/totals.ts, computed here before the statement). When the statement changes nothing (a
 * stale version, a devis no longer a brouillon, the client gone or renamed since the lookup, the
 * devis gone) the caller runs the full transaction, which finds the reason and answers as before
 * (409, 404, the French messages) — or saves, if the cause went away in between.
 */
import db from '@adonisjs/lucid/services/db'
import { preparedQuery } from '#services/prepared_query'
import type Devis from '#models/devis'
import { toNumberStrict } from '#models/ligne_base'
import type { Actor } from '#services/actor'
import {
  ligneColumns,
  normaliseLignes,
  optionColumns,
  totalsOf,
  totalColumnsOf,
} from '#services/documents/lignes'
import type { DevisInput } from '#validators/devis'
import type { LigneData } from '#shared/devis'
import type { Totals } from '#shared/totals'
import { DEVIS_EDITABLE } from '#shared/devis'
import { clientDisplayName } from '#shared/clients'

/** The client columns his name on a devis is made of, as the lookup read them. */
export type ClientNameColumns = {
  type: string
  civilite: string | null
  nom: string
  prenom: string | null
  societe: string | null
}

/**
 * What a save answers with (the controller's JSON and redirect): the transaction gives its Devis,
 * the one statement these four columns only — no model hydrated from the 40 it wrote.
 */
export type SavedDevis = Pick<Devis, 'id' | 'lockVersion' | 'revision' | 'totalTtc'>

/** The rows of devis_lignes as replaceLignes writes them, for jsonb_populate_recordset. */
export function devisLignesJson(lignes: LigneData[], totals: Totals): string {
  return JSON.stringify(
    lignes.map((l, index) => ({
      ...ligneColumns(l, index, totals),
      ...optionColumns(l),
    }))
  )
}

const LIGNE_COLUMNS = [
  'position',
  'type',
  'produit_id',
  'designation',
  'quantite',
  'unite',
  'prix_unitaire_ht',
  'remise_pct',
  'taux_tva',
  'total_ht',
  'optionnel',
  'retenue',
]

/** What an unchanged line leaves as it is: every column but its place. */
const LINE_VALUES = LIGNE_COLUMNS.filter((c) => c !== 'position')

/**
 * The save when it can be one statement: the body names the remise and the acompte (the editor
 * always does; else they come from the row, read in the transaction) and the lookup found the
 * client. Returns the saved devis's version and total, or null when the statement changed nothing.
 */
export async function saveDraftInOneStatement(
  actor: Actor,
  devisId: number,
  lockVersion: number,
  input: DevisInput,
  userId: number,
  client: ClientNameColumns
): Promise<SavedDevis | null> {
  if (input.remise_globale_pct === undefined || input.acompte_pct === undefined) return null
  const lignes = normaliseLignes(input.lignes)
  const remise = String(input.remise_globale_pct)
  const acomptePct = String(input.acompte_pct)
  const totals = totalsOf(lignes, remise, acomptePct)
  const columns = totalColumnsOf(totals)

  const sets = [
    'client_id = c.id_client',
    'client_nom = ?',
    'date_devis = COALESCE(?::date, d.date_devis)',
    'valable_jusqu_au = COALESCE(?::date, d.valable_jusqu_au)',
    'objet = ?',
    'adresse_chantier = ?',
    'remise_globale_pct = ?',
    'acompte_pct = ?',
    'acompte = ?',
    'total_ht = ?',
    'total_tva = ?',
    'total_ttc = ?',
    'tva_detail = ?::jsonb',
  ]
  const bindings: unknown[] = [
    clientDisplayName(client).slice(0, 300),
    input.date_devis?.toISODate() ?? null,
    input.valable_jusqu_au?.toISODate() ?? null,
    input.objet,
    input.adresse_chantier ?? null,
    remise,
    acomptePct,
    totals.acompte,
    columns.total_ht,
    columns.total_tva,
    columns.total_ttc,
    columns.tva_detail,
  ]
  if (input.commercial_id !== undefined) {
    sets.push('commercial_id = ?')
    bindings.push(input.commercial_id)
  }
  if (input.intro !== undefined) {
    sets.push('intro = ?')
    bindings.push(input.intro || null)
  }
  if (input.conditions !== undefined) {
    sets.push('conditions = ?')
    bindings.push(input.conditions || null)
  }
  // A new client brings his apporteur unless the devis came from a pro's offre
  sets.push(
    `apporteur_id = CASE WHEN c.id_client <> d.client_id AND d.offre_id IS NULL
       THEN c.apporteur_id ELSE d.apporteur_id END`,
    'lock_version = d.lock_version + 1',
    'updated_by = ?',
    'updated_at = now()'
  )
  bindings.push(userId)

  const columnList = LIGNE_COLUMNS.join(', ')
  // Five tables and four CTEs to plan on every save: the plan is kept (decision 813)
  const { rows } = await preparedQuery(
    db.connection(),
    `WITH upd AS (
       UPDATE devis AS d SET ${sets.join(', ')}
       FROM clients AS c
       WHERE d.id = ? AND d.lock_version = ? AND d.statut = ANY(?::text[])
         AND c.id_client = ? AND c.type = ? AND c.civilite IS NOT DISTINCT FROM ?
         AND c.nom = ? AND c.prenom IS NOT DISTINCT FROM ? AND c.societe IS NOT DISTINCT FROM ?
       RETURNING d.id, d.revision, d.lock_version, d.total_ttc
     ), ins AS (
       -- Each position written only when it changed (decision 862); positions are 1..n
       INSERT INTO devis_lignes (devis_id, ${columnList})
       SELECT upd.id, ${LIGNE_COLUMNS.map((c) => `l.${c}`).join(', ')}
       FROM upd, jsonb_populate_recordset(NULL::devis_lignes, ?::jsonb) AS l
       ON CONFLICT (devis_id, position) DO UPDATE SET ${LINE_VALUES.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
       WHERE (${LINE_VALUES.map((c) => `devis_lignes.${c}`).join(', ')})
         IS DISTINCT FROM (${LINE_VALUES.map((c) => `EXCLUDED.${c}`).join(', ')})
       RETURNING 1
     ), del AS (
       -- The positions past the last line: rows the insert above never touches
       DELETE FROM devis_lignes WHERE devis_id = (SELECT id FROM upd) AND position > ?
       RETURNING 1
     ), aud AS (
       INSERT INTO audit_logs (user_id, action, subject_type, subject_id, before, after, ip, created_at)
       SELECT ?, 'devis.updated', 'devis', upd.id::text, NULL,
         jsonb_build_object('revision', upd.revision, 'lignes', ?::int, 'total_ttc', ?::bigint),
         ?, now()
       FROM upd
       WHERE (SELECT count(*) FROM ins) + (SELECT count(*) FROM del) >= 0
     )
     SELECT * FROM upd`,
    [
      ...bindings,
      devisId,
      lockVersion,
      DEVIS_EDITABLE,
      input.client_id,
      client.type,
      client.civilite,
      client.nom,
      client.prenom,
      client.societe,
      devisLignesJson(lignes, totals),
      lignes.length,
      userId,
      input.lignes.length,
      totals.total_ttc,
      actor?.ip ?? null,
    ]
  )
  if (rows.length === 0) return null
  const [row] = rows
  // The model's own reading of total_ttc (bigint: a string from the driver)
  return {
    id: row.id,
    lockVersion: row.lock_version,
    revision: row.revision,
    totalTtc: toNumberStrict(row.total_ttc),
  }
}
