/*
 * The paiements list (esi/compta/paiements): the one list stack (keyset, allow-listed sorts,
 * période filter, accent-free search on client and reference), with what each payment allocated
 * and to which factures; and the open factures of a client for the « Nouveau paiement » form.
 */
import { DateTime } from 'luxon'
import Paiement from '#models/paiement'
import Facture from '#models/facture'
import type { SortColumns } from '#services/list/keyset'
import { parseListParams, whereWords, type ListParams } from '#services/list/list_params'
import { NEWEST_FIRST } from '#shared/list_query'
import { PAIEMENT_SORT_KEYS, type FactureOuverte, type PaiementListItem } from '#shared/paiements'
import { factureReste } from '#shared/factures'
import { isoDate, iso } from '#transformers/dates'

export const CLIENT_NOM = `COALESCE(NULLIF(clients.societe, ''), btrim(COALESCE(clients.prenom, '') || ' ' || clients.nom))`

export const PAIEMENT_SORT_COLUMNS: SortColumns = {
  keys: {
    date: [{ sql: 'paiements.date_paiement', cast: 'date' }],
    montant: [{ sql: 'paiements.montant', cast: 'bigint' }],
    client: [{ sql: `f_unaccent(lower(${CLIENT_NOM}))`, cast: 'text' }],
  },
  tiebreak: { sql: 'paiements.id', cast: 'integer' },
}

const isoDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid ? value : null

export function parsePaiementListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, {
    sortKeys: PAIEMENT_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    filters: {
      du: { label: 'Du', parse: isoDay },
      au: { label: 'Au', parse: isoDay },
    },
  })
}

export function paiementListQuery(params: ListParams) {
  const query = Paiement.query()
    .select(
      'paiements.*',
      Paiement.query().knexQuery.client.raw(`${CLIENT_NOM} AS client_nom`),
      Paiement.query().knexQuery.client.raw(
        `(SELECT COALESCE(sum(a.montant), 0) FROM paiement_allocations a WHERE a.paiement_id = paiements.id) AS alloue`
      ),
      Paiement.query().knexQuery.client.raw(
        `(SELECT COALESCE(array_agg(f.numero ORDER BY f.numero), '{}') FROM paiement_allocations a
          JOIN factures f ON f.id = a.facture_id WHERE a.paiement_id = paiements.id) AS facture_numeros`
      )
    )
    .join('clients', 'clients.id_client', 'paiements.client_id')
  const { du, au } = params.filter
  if (du) query.where('paiements.date_paiement', '>=', du)
  if (au) query.where('paiements.date_paiement', '<=', au)
  whereWords(
    query,
    `f_unaccent(lower(${CLIENT_NOM} || ' ' || COALESCE(paiements.reference, '')))`,
    params.words
  )
  return query
}

export function paiementListItem(p: Paiement): PaiementListItem {
  return {
    id: p.id,
    client_id: p.clientId,
    client_nom: String(p.$extras.client_nom ?? ''),
    date_paiement: isoDate(p.datePaiement)!,
    montant: p.montant,
    alloue: Number(p.$extras.alloue ?? 0),
    mode: p.mode,
    reference: p.reference,
    factures: (p.$extras.facture_numeros as string[] | null) ?? [],
    created_at: iso(p.createdAt)!,
  }
}

/** A client's issued factures still asking something, oldest due date first. */
export async function facturesOuvertes(clientId: number): Promise<FactureOuverte[]> {
  const rows = await Facture.query()
    .where('client_id', clientId)
    .whereIn('statut', ['emise', 'partiellement_payee'])
    .orderBy('echeance')
    .orderBy('id')
    .limit(200)
  return rows.map((f) => ({
    id: f.id,
    numero: f.numero!,
    date_facture: isoDate(f.dateFacture)!,
    echeance: isoDate(f.echeance)!,
    total_ttc: f.totalTtc,
    reste: factureReste({
      total_ttc: f.totalTtc,
      montant_paye: f.montantPaye,
      montant_credite: f.montantCredite,
    }),
  }))
}
