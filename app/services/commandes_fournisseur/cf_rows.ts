// A supplier order as the pages show it: the base query, the row (late marker).
import { DateTime } from 'luxon'
import { cfEnRetard, type CfRow, type CfStatut } from '#shared/commandes_fournisseur'

export function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null
  if (typeof value === 'string') return value.slice(0, 10)
  return DateTime.fromJSDate(value).toISODate()
}

/** A supplier order's columns with its commande's and supplier's, and their joins, as text. */
export const CF_COLUMNS = `cf.*, c.numero AS commande_numero, c.client_nom,
  s.nom AS fournisseur_nom, s.email AS fournisseur_email`
export const CF_JOINS = `FROM commandes_fournisseur AS cf
  JOIN commandes AS c ON c.id = cf.commande_id
  JOIN bdcs AS b ON b.id = c.bdc_id
  JOIN societes AS s ON s.id = cf.fournisseur_id`
/** The lists and pages add their conditions. */
export const CF_SELECT = `SELECT ${CF_COLUMNS} ${CF_JOINS}`

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
