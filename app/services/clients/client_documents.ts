/* A client's latest devis, commandes and payments, for its Show page (newest first, 20 at most). */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ClientCommandeItem, ClientCompte, ClientDevisItem } from '#shared/clients'
import { TIME_ZONE } from '#shared/app'
import { RESTE_SQL } from '#services/factures/reste'
import { factureRow } from '#services/factures/facture_rows'
import Facture from '#models/facture'
import { creditClient } from '#services/paiements/paiement_service'

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
  const { rows } = await db.rawQuery(
    `SELECT
       (SELECT COALESCE(sum(total_ttc), 0) FROM commandes
         WHERE client_id = :c AND statut <> 'annulee') AS commandes_ttc,
       (SELECT COALESCE(sum(total_ttc), 0) FROM factures
         WHERE client_id = :c AND numero IS NOT NULL) AS facture,
       (SELECT COALESCE(sum(${RESTE_SQL}), 0) FROM factures
         WHERE client_id = :c AND statut IN ('emise', 'partiellement_payee')) AS du,
       (SELECT COALESCE(sum(total_ttc), 0) FROM notes_credit
         WHERE client_id = :c AND statut = 'emise') AS credite,
       (SELECT COALESCE(sum(montant), 0) FROM paiements WHERE client_id = :c) AS paye,
       (SELECT COALESCE(sum(montant), 0) FROM demandes_paiement
         WHERE client_id = :c AND statut = 'envoyee') AS en_attente`,
    { c: idClient }
  )
  const totals = rows[0]
  const factures = await Facture.query()
    .where('client_id', idClient)
    .orderBy('id', 'desc')
    .limit(LIMIT)
  const demandes = await db
    .from('demandes_paiement')
    .where('client_id', idClient)
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .select('id', 'numero', 'objet', 'montant', 'statut', 'payee_le')
    .select(db.raw('coalesce(envoyee_le, created_at) as envoyee_le'))
  return {
    commandes_ttc: Number(totals.commandes_ttc),
    facture: Number(totals.facture),
    credite: Number(totals.credite),
    paye: Number(totals.paye),
    du: Number(totals.du),
    credit: await creditClient(idClient),
    en_attente: Number(totals.en_attente),
    factures: factures.map(factureRow),
    mouvements: demandes.map((r) => ({
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
