/*
 * The sales journal for the accountant (issue 11 §5): every facture issued in the period, one
 * row each — number, date, client, the client's VAT number as printed, HT and VAT per rate (one
 * column pair per rate present in the period, 21 / 12 / 6 / 0), the totals. Amounts as fr-BE
 * Excel reads numbers ("1234,56"). The CSV rules are app/services/csv.ts's (BOM, `;`, formula-
 * safe cells).
 */
import db from '@adonisjs/lucid/services/db'
import type { CsvExport } from '#services/csv'
import { allRows, type SortColumns } from '#services/list/keyset'
import type { VatGroup } from '#shared/totals'
import type { Periode } from '#shared/periode'
import { formatDate } from '#shared/dates'
import { centsToInput } from '#shared/money'

/** One row of the journal, whatever document it comes from. */
export type JournalRow = {
  piece: string
  numero: string
  date: string
  client: string
  numeroTva: string | null
  /** Per VAT rate: taxable base and VAT, cents. */
  parTaux: Map<number, { ht: number; tva: number }>
  totalHt: number
  totalTva: number
  totalTtc: number
}

/**
 * A kind of document the journal lists: the VAT rates it uses in the period (for the header) and
 * its rows in order. The factures are the one source today; the notes de crédit join as a
 * second source (negative amounts) when their table exists — add it to JOURNAL_SOURCES.
 */
export interface JournalSource {
  rates(period: Periode): Promise<number[]>
  rows(period: Periode): AsyncIterable<JournalRow[]>
}

const ISSUED_IN_PERIOD = 'factures.numero IS NOT NULL AND factures.date_facture BETWEEN ? AND ?'

const FACTURE_ORDER: SortColumns = {
  keys: {
    date: [
      { sql: 'factures.date_facture', cast: 'date' },
      { sql: 'factures.numero', cast: 'text' },
    ],
  },
  tiebreak: { sql: 'factures.id', cast: 'integer' },
}

function parTaux(detail: VatGroup[] | string | null): JournalRow['parTaux'] {
  const groups: VatGroup[] = typeof detail === 'string' ? JSON.parse(detail) : (detail ?? [])
  const out: JournalRow['parTaux'] = new Map()
  for (const g of groups) {
    const before = out.get(Number(g.taux_tva)) ?? { ht: 0, tva: 0 }
    out.set(Number(g.taux_tva), {
      ht: before.ht + Number(g.base_ht),
      tva: before.tva + Number(g.tva),
    })
  }
  return out
}

export const facturesJournal: JournalSource = {
  async rates({ du, au }) {
    const result = await db.rawQuery(
      `SELECT DISTINCT (g->>'taux_tva')::int AS taux
       FROM factures, jsonb_array_elements(factures.tva_detail) AS g
       WHERE ${ISSUED_IN_PERIOD}`,
      [du, au]
    )
    return result.rows.map((r: { taux: number }) => Number(r.taux))
  },
  async *rows({ du, au }) {
    const batches = allRows<Record<string, any>>({
      build: () =>
        db
          .from('factures')
          .whereRaw(ISSUED_IN_PERIOD, [du, au])
          .select(
            'factures.numero',
            db.raw(`to_char(factures.date_facture, 'YYYY-MM-DD') AS date_facture`),
            'factures.client_nom',
            db.raw(`factures.parties_snapshot->'destinataire'->>'numero_tva' AS numero_tva`),
            'factures.tva_detail',
            'factures.total_ht',
            'factures.total_tva',
            'factures.total_ttc'
          ),
      sort: [{ key: 'date', desc: false }],
      columns: FACTURE_ORDER,
    })
    for await (const rows of batches) {
      yield rows.map((r) => ({
        piece: 'Facture',
        numero: r.numero,
        date: r.date_facture,
        client: r.client_nom,
        numeroTva: r.numero_tva ?? null,
        parTaux: parTaux(r.tva_detail),
        totalHt: Number(r.total_ht),
        totalTva: Number(r.total_tva),
        totalTtc: Number(r.total_ttc),
      }))
    }
  },
}

/** The documents of the journal, in this order. */
export const JOURNAL_SOURCES: JournalSource[] = [facturesJournal]

/** Highest rate first, as on the documents. */
const RATE_ORDER = (a: number, b: number) => b - a

/** The sales journal of a period as a CSV file (app/services/http/csv_response.ts sends it). */
export async function exportJournalVentes(period: Periode): Promise<CsvExport> {
  const rates = new Set<number>()
  for (const source of JOURNAL_SOURCES) {
    for (const rate of await source.rates(period)) rates.add(rate)
  }
  const columns = [...rates].sort(RATE_ORDER)
  const header = [
    'Pièce',
    'Numéro',
    'Date',
    'Client',
    'N° TVA client',
    ...columns.flatMap((t) => [`Base HT ${t}\u00a0%`, `TVA ${t}\u00a0%`]),
    'Total HT',
    'Total TVA',
    'Total TTC',
  ]
  async function* batches() {
    for (const source of JOURNAL_SOURCES) {
      for await (const rows of source.rows(period)) {
        yield rows.map((r) => [
          r.piece,
          r.numero,
          formatDate(r.date),
          r.client,
          r.numeroTva,
          ...columns.flatMap((t) => {
            const amounts = r.parTaux.get(t)
            return amounts ? [centsToInput(amounts.ht), centsToInput(amounts.tva)] : ['', '']
          }),
          centsToInput(r.totalHt),
          centsToInput(r.totalTva),
          centsToInput(r.totalTtc),
        ])
      }
    }
  }
  return {
    filename: `journal-ventes-${period.du}-${period.au}.csv`,
    header,
    batches: batches(),
  }
}
