/*
 * The payments of a period for the accountant (issue 11 §5): one row per payment received
 * (montant > 0) or refunded (< 0) whose date is in the period — date, amount, mode, reference,
 * client, bank account, the factures it is allocated to (their numbers) with the amount
 * allocated, and what it leaves unallocated (the client's credit; a refund: its own amount).
 * Same CSV/XLSX rules as every export (app/services/csv.ts, xlsx.ts).
 */
import db from '@adonisjs/lucid/services/db'
import type { CsvExport } from '#services/csv'
import { allRows, type SortColumns } from '#services/list/keyset'
import { PAIEMENT_LIBRE_SQL } from '#services/factures/reste'
import type { Periode } from '#shared/periode'
import { PAIEMENT_MODE_LABELS, type PaiementMode } from '#shared/paiements'
import { clientDisplayName } from '#shared/clients'
import { formatDate } from '#shared/dates'
import { centsToInput } from '#shared/money'

export const PAIEMENTS_EXPORT_HEADER = [
  'Date',
  'Montant',
  'Mode',
  'Référence',
  'N° client',
  'Client',
  'Compte bancaire',
  'Factures',
  'Alloué',
  'Non alloué',
]

const ORDER: SortColumns = {
  keys: { date: [{ sql: 'paiements.date_paiement', cast: 'date' }] },
  tiebreak: { sql: 'paiements.id', cast: 'integer' },
}

/** A payment's factures, in number order. */
const FACTURES_SQL = `(SELECT string_agg(af.numero, ', ' ORDER BY af.numero)
  FROM paiement_allocations pa JOIN factures af ON af.id = pa.facture_id
  WHERE pa.paiement_id = paiements.id)`

export function exportPaiements({ du, au }: Periode): CsvExport {
  async function* batches() {
    const pages = allRows<Record<string, any>>({
      build: () =>
        db
          .from('paiements')
          .join('clients as c', 'c.id_client', 'paiements.client_id')
          .whereBetween('paiements.date_paiement', [du, au])
          .select(
            db.raw(`to_char(paiements.date_paiement, 'YYYY-MM-DD') AS date_paiement`),
            'paiements.montant',
            'paiements.mode',
            'paiements.reference',
            'paiements.compte',
            'paiements.client_id',
            'c.type',
            'c.civilite',
            'c.nom',
            'c.prenom',
            'c.societe',
            db.raw(`${FACTURES_SQL} AS factures`),
            db.raw(`${PAIEMENT_LIBRE_SQL}::bigint AS non_alloue`)
          ),
      sort: [{ key: 'date', desc: false }],
      columns: ORDER,
    })
    for await (const rows of pages) {
      yield rows.map((r) => {
        const montant = Number(r.montant)
        const libre = Number(r.non_alloue)
        return [
          formatDate(r.date_paiement),
          centsToInput(montant),
          PAIEMENT_MODE_LABELS[r.mode as PaiementMode] ?? r.mode,
          r.reference,
          r.client_id,
          clientDisplayName(r as Parameters<typeof clientDisplayName>[0]),
          r.compte,
          r.factures ?? '',
          centsToInput(montant - libre),
          centsToInput(libre),
        ]
      })
    }
  }
  return {
    filename: `paiements-${du}-${au}.csv`,
    header: PAIEMENTS_EXPORT_HEADER,
    batches: batches(),
  }
}
