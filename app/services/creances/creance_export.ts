/*
 * The créances as CSV (issue 11 §5): the page's rows, filtered and sorted as on screen, on the
 * day of the export; amounts as fr-BE Excel reads numbers. CSV rules: app/services/csv.ts.
 */
import type { CsvExport } from '#services/csv'
import { allRows } from '#services/list/keyset'
import type { ListParams } from '#services/list/list_params'
import {
  CREANCE_SORT_COLUMNS,
  creanceClientItem,
  creancePageQuery,
} from '#services/creances/creance_list'
import { AGING_BUCKETS } from '#shared/creances'
import { centsToInput } from '#shared/money'

export const CREANCE_CSV_HEADER = [
  'N° client',
  'Client',
  'N° TVA',
  'Factures ouvertes',
  'Reste des factures',
  'Crédit',
  'Dû',
  'En retard',
  ...AGING_BUCKETS.map((b) => b.label),
  'Retard max. (jours)',
]

export function exportCreances(params: ListParams, today: string): CsvExport {
  async function* batches() {
    const pages = allRows<Record<string, any>>({
      build: () => creancePageQuery(params, today),
      sort: params.sort,
      columns: CREANCE_SORT_COLUMNS,
    })
    for await (const rows of pages) {
      yield rows
        .map(creanceClientItem)
        .map((c) => [
          c.client_id,
          c.client_nom,
          c.numero_tva,
          c.nb_factures,
          centsToInput(c.du),
          centsToInput(c.credit),
          centsToInput(c.solde),
          centsToInput(c.en_retard),
          ...AGING_BUCKETS.map((b) => centsToInput(c[b.key])),
          c.nb_factures ? Math.max(c.retard_max, 0) : '',
        ])
    }
  }
  return { filename: `creances-${today}.csv`, header: CREANCE_CSV_HEADER, batches: batches() }
}
