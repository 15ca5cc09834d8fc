// A supplier order as the pages show it: the base query, the row (late marker), today's date.
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { today as todayDate } from '#services/documents/numbering'
import { cfEnRetard, type CfRow, type CfStatut } from '#shared/commandes_fournisseur'

export function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null
  if (typeof value === 'string') return value.slice(0, 10)
  return DateTime.fromJSDate(value).toISODate()
}

export function cfBaseQuery() {
  return db
    .from('commandes_fournisseur as cf')
    .join('commandes as c', 'c.id', 'cf.commande_id')
    .join('bdcs as b', 'b.id', 'c.bdc_id')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .select(
      'cf.*',
      'c.numero as commande_numero',
      'c.client_nom',
      's.nom as fournisseur_nom',
      's.email as fournisseur_email'
    )
}

export function cfRow(r: Record<string, any>, today: string): CfRow {
  const row: CfRow = {
    id: r.id,
    numero: r.numero,
    commande_id: r.commande_id,
    commande_numero: r.commande_numero,
    client_nom: r.client_nom,
    fournisseur_id: r.fournisseur_id,
    fournisseur_nom: r.fournisseur_nom,
    fournisseur_email: r.fournisseur_email ?? null,
    statut: r.statut as CfStatut,
    total_ht: Number(r.total_ht),
    adresse_livraison: r.adresse_livraison ?? null,
    date_livraison_confirmee: iso(r.date_livraison_confirmee),
    envoyee_le: r.envoyee_le ? new Date(r.envoyee_le).toISOString() : null,
    lock_version: r.lock_version,
    en_retard: false,
  }
  row.en_retard = cfEnRetard(row, today)
  return row
}

/** Today in Brussels, for the late markers. */
export function todayIsoDate(): string {
  return todayDate().toISODate()!
}
