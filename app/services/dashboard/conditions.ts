/*
 * Issue 14 §2 (decision 502): the SQL condition of each dashboard figure that opens a list,
 * written once. The figure (app/services/dashboard/staff_figures.ts) and the list it links to
 * (devis, bons de commande, factures, commandes) both use these functions, so the number on the
 * card is the number of rows the list shows. Each returns trusted SQL and its bound values.
 */
import { TIME_ZONE } from '#shared/app'
import { dayLiteral } from '#services/sql_day'
import { DEVIS_A_RELANCER_JOURS } from '#shared/dashboard'
import { OPEN_FACTURE_SQL } from '#services/creances/creance_list'
import { ETAPE_STATUTS, etapeFinie } from '#shared/commande_etapes'

export type Condition = { sql: string; bindings: (string | number)[] }

/** A calendar day in Brussels as the instants it spans: [du 00:00, au + 1 day 00:00). */
export const DAY_FROM = `(?::date)::timestamp AT TIME ZONE '${TIME_ZONE}'`
export const DAY_UNTIL = `((?::date) + 1)::timestamp AT TIME ZONE '${TIME_ZONE}'`

/** Devis to follow up: still « envoyé » (no answer) and sent DEVIS_A_RELANCER_JOURS days ago or more. */
export function devisARelancer(alias = 'd'): Condition {
  return {
    sql: `${alias}.statut = 'envoye' AND ${alias}.envoye_le < now() - make_interval(days => ?)`,
    bindings: [DEVIS_A_RELANCER_JOURS],
  }
}

/** Bons de commande signed between two Brussels days (either bound may be missing). */
export function bdcsSignes(du: string | null, au: string | null, table = 'bdcs'): Condition {
  const parts = [`${table}.statut = 'signe'`]
  const bindings: string[] = []
  if (du) {
    parts.push(`${table}.signe_le >= ${DAY_FROM}`)
    bindings.push(du)
  }
  if (au) {
    parts.push(`${table}.signe_le < ${DAY_UNTIL}`)
    bindings.push(au)
  }
  return { sql: parts.join(' AND '), bindings }
}

/** A facture still to be paid: issued, open, something left (the créances' definition). */
export function factureAPayer(): Condition {
  return { sql: OPEN_FACTURE_SQL, bindings: [] }
}

/**
 * A running commande at a step of its timeline (its current step): the commandes list's « Étape »
 * filter, and with 'acompte' the dashboard's acomptes awaited — signed, the deposit not received.
 */
export function commandeALEtape(etape: string, table = 'commandes'): Condition {
  return {
    sql: `${table}.statut IN ('en_attente', 'en_cours') AND ${table}.etape_courante = ?`,
    bindings: [etape],
  }
}

/**
 * A late commande: running, its earliest planned end of a step not done before today. The day
 * is written, not bound: the commandes list's late filter is then a page with no parameter,
 * prepared with one plan (decision 818).
 */
export function commandeEnRetard(today: string, table = 'commandes'): Condition {
  return {
    sql: `${table}.statut IN ('en_attente', 'en_cours') AND ${table}.prochaine_echeance < ${dayLiteral(today)}`,
    bindings: [],
  }
}

// The statuts of a step not done and done (shared/commande_etapes.ts etapeFinie), as IN lists
// (the late-step condition's is answered by the (etape, statut, prevue_fin) index)
const sqlList = (statuts: readonly string[]) => statuts.map((s) => `'${s}'`).join(', ')
export const ETAPE_NOT_DONE_SQL = sqlList(ETAPE_STATUTS.filter((s) => !etapeFinie(s)))
export const ETAPE_DONE_SQL = sqlList(ETAPE_STATUTS.filter((s) => etapeFinie(s)))

/**
 * A running commande whose step `etape` is late: planned to end before today and not done
 * (shared/commande_timeline.ts etapeEnRetard). A commande late at two steps counts at both.
 * prevue_fin is an instant (the planned day's Brussels midnight): before today's midnight.
 * `etape` is a step's name, or `{ sql }` an SQL expression giving it (trusted: a column of the
 * enclosing query, for the dashboard's count of every step in one sub-query).
 */
export function commandeEtapeEnRetard(
  today: string,
  etape: string | { sql: string },
  table = 'commandes'
): Condition {
  const byName = typeof etape === 'string'
  return {
    sql: `${table}.statut IN ('en_attente', 'en_cours') AND EXISTS (
      SELECT 1 FROM commande_etapes late_e WHERE late_e.commande_id = ${table}.id
        AND late_e.etape = ${byName ? '?' : etape.sql} AND late_e.statut IN (${ETAPE_NOT_DONE_SQL})
        AND late_e.prevue_fin < ${DAY_FROM})`,
    bindings: byName ? [etape, today] : [today],
  }
}
