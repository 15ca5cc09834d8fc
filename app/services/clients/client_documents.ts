/* A client's latest devis, commandes and payments, for its Show page (newest first, 20 at most). */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ClientCommandeItem, ClientCompte, ClientDevisItem } from '#shared/clients'
import { TIME_ZONE } from '#shared/app'

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

/** The account block of the client's page (ClientCompte): totals summed in SQL, 20 rows listed. */
export async function clientCompte(idClient: number): Promise<ClientCompte> {
  const [totals] = await db
    .from('commandes')
    .where('client_id', idClient)
    .whereNot('statut', 'annulee')
    .sum('total_ttc as total')
  const [sums] = await db
    .from('demandes_paiement')
    .where('client_id', idClient)
    .select(
      db.raw("coalesce(sum(montant) filter (where statut = 'payee'), 0) as paye"),
      db.raw("coalesce(sum(montant) filter (where statut = 'envoyee'), 0) as en_attente")
    )
  const rows = await db
    .from('demandes_paiement')
    .where('client_id', idClient)
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .select('id', 'numero', 'objet', 'montant', 'statut', 'payee_le')
    .select(db.raw('coalesce(envoyee_le, created_at) as envoyee_le'))
  const commandesTtc = Number(totals.total ?? 0)
  const paye = Number(sums.paye)
  return {
    commandes_ttc: commandesTtc,
    paye,
    en_attente: Number(sums.en_attente),
    reste: commandesTtc - paye,
    mouvements: rows.map((r) => ({
      id: r.id,
      numero: r.numero,
      objet: r.objet,
      montant: Number(r.montant),
      statut: r.statut,
      date: DateTime.fromJSDate(new Date(r.statut === 'payee' ? r.payee_le : r.envoyee_le))
        .setZone(TIME_ZONE)
        .toISODate()!,
    })),
  }
}
