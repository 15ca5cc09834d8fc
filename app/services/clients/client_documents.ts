/* A client's latest devis and commandes, for its Show page (newest first, 20 at most). */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ClientCommandeItem, ClientDevisItem } from '#shared/clients'

const LIMIT = 20

// pg builds a DATE as local midnight: read it back in local time (toISOString could shift a day)
const isoDate = (value: unknown) =>
  value instanceof Date ? DateTime.fromJSDate(value).toISODate()! : String(value).slice(0, 10)

export async function clientDevis(idClient: number): Promise<ClientDevisItem[]> {
  const rows = await db
    .from('devis')
    .where('client_id', idClient)
    .orderBy([
      { column: 'date_devis', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(LIMIT)
    .select('id', 'numero', 'revision', 'date_devis', 'objet', 'total_ttc', 'statut')
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    revision: r.revision,
    date_devis: isoDate(r.date_devis),
    objet: r.objet,
    total_ttc: Number(r.total_ttc),
    statut: r.statut,
  }))
}

export async function clientCommandes(idClient: number): Promise<ClientCommandeItem[]> {
  const rows = await db
    .from('commandes')
    .where('client_id', idClient)
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .select('id', 'numero', 'objet', 'total_ttc', 'statut', 'created_at')
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    objet: r.objet,
    total_ttc: Number(r.total_ttc),
    statut: r.statut,
    created_at: new Date(r.created_at).toISOString(),
  }))
}
