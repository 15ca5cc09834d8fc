/*
 * The notes de crédit list (esi/compta/nc) and a note's page: the one list stack (keyset,
 * allow-listed sorts, statut filter, accent-free search on number, client, facture and motif).
 */
import db from '@adonisjs/lucid/services/db'
import NoteCredit from '#models/note_credit'
import Facture from '#models/facture'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
} from '#services/list/list_params'
import { TIME_ZONE } from '#shared/app'
import { NEWEST_FIRST } from '#shared/list_query'
import {
  NOTE_CREDIT_SORT_KEYS,
  NOTE_CREDIT_STATUTS,
  type NoteCreditListItem,
} from '#shared/notes_credit'
import { isoDate, iso } from '#transformers/dates'
import { creditableOf } from '#services/notes_credit/note_credit_lignes'
import { milliToText } from '#shared/notes_credit'
import DevisLigneTransformer from '#transformers/sales/devis_ligne_transformer'

const DAY = `COALESCE(notes_credit.date_nc, (notes_credit.created_at AT TIME ZONE '${TIME_ZONE}')::date)`

export const NOTE_CREDIT_SORT_COLUMNS: SortColumns = {
  keys: {
    numero: [{ sql: `COALESCE(notes_credit.numero, '')`, cast: 'text' }],
    date: [{ sql: DAY, cast: 'date' }],
    total: [{ sql: 'notes_credit.total_ttc', cast: 'bigint' }],
    client: [{ sql: 'f_unaccent(lower(notes_credit.client_nom))', cast: 'text' }],
  },
  tiebreak: { sql: 'notes_credit.id', cast: 'integer' },
}

export function parseNoteCreditListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, {
    sortKeys: NOTE_CREDIT_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    filters: { statut: { label: 'Statut', parse: filterParsers.oneOf(NOTE_CREDIT_STATUTS) } },
  })
}

export function noteCreditListQuery(params: ListParams) {
  const query = NoteCredit.query()
    .select('notes_credit.*', 'factures.numero as facture_numero')
    .join('factures', 'factures.id', 'notes_credit.facture_id')
  if (params.filter.statut) query.where('notes_credit.statut', params.filter.statut)
  whereWords(
    query,
    `f_unaccent(lower(COALESCE(notes_credit.numero, '') || ' ' || notes_credit.client_nom || ' ' || COALESCE(factures.numero, '') || ' ' || notes_credit.motif))`,
    params.words
  )
  return query
}

export function noteCreditListItem(nc: NoteCredit): NoteCreditListItem {
  return {
    id: nc.id,
    numero: nc.numero,
    facture_id: nc.factureId,
    facture_numero: (nc.$extras.facture_numero as string | null) ?? null,
    client_id: nc.clientId,
    client_nom: nc.clientNom,
    kind: nc.kind,
    motif: nc.motif,
    date_nc: isoDate(nc.dateNc),
    total_ttc: nc.totalTtc,
    statut: nc.statut,
    created_at: iso(nc.createdAt)!,
  }
}

/** esi/compta/nc/Show's prop. */
export async function noteCreditDetail(nc: NoteCredit) {
  await nc.load('lignes')
  const facture = await Facture.findOrFail(nc.factureId)
  return {
    ...noteCreditListItem(nc),
    facture_numero: facture.numero,
    facture_date: isoDate(facture.dateFacture),
    lock_version: nc.lockVersion,
    remise_globale_pct: nc.remiseGlobalePct,
    total_ht: nc.totalHt,
    total_tva: nc.totalTva,
    tva: nc.tvaDetail ?? [],
    emise_le: iso(nc.emiseLe),
    lignes: nc.lignes.map((l) => new DevisLigneTransformer(l).toObject()),
  }
}

/** The « Créer une note de crédit » form's prop: each product line and what stays creditable. */
export async function noteCreditForm(facture: Facture) {
  const { lignes, left } = await db.transaction((trx) => creditableOf(trx, facture))
  return {
    id: facture.id,
    numero: facture.numero,
    client_nom: facture.clientNom,
    total_ttc: facture.totalTtc,
    montant_paye: facture.montantPaye,
    montant_credite: facture.montantCredite,
    statut: facture.statut,
    taux: (facture.tvaDetail ?? []).map((g) => g.taux_tva),
    lignes: lignes
      .filter((l) => l.type === 'produit')
      .map((l) => ({
        id: Number(l.id),
        designation: l.designation,
        quantite: milliToText(BigInt(Math.round(Number(l.quantite ?? 0) * 1000))),
        creditable: milliToText(left.get(Number(l.id)) ?? 0n),
        prix_unitaire_ht: l.prixUnitaireHt ?? 0,
        taux_tva: l.tauxTva ?? 0,
      })),
  }
}
