/*
 * The sales journal for the accountant (issue 11 §5): every facture and note de crédit (negative
 * amounts) issued in the period, one row each — number, date, client, the client's VAT number as
 * printed, HT and VAT per rate (one column pair per rate present in the period, 21 / 12 / 6 / 0),
 * the totals. Amounts as fr-BE Excel reads numbers ("1234,56"). The CSV rules are
 * app/services/csv.ts's (BOM, `;`, formula-safe cells).
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
 * its rows in (date, number) order. The factures and the notes de crédit (negative amounts) are
 * the sources today (JOURNAL_SOURCES).
 */
export interface JournalSource {
  rates(period: Periode): Promise<number[]>
  rows(period: Periode): AsyncIterable<JournalRow[]>
}

/** How one table of issued documents appears in the journal. */
type DocumentTable = {
  table: 'factures' | 'notes_credit'
  dateColumn: 'date_facture' | 'date_nc'
  piece: string
  /** A note de crédit is the facture's amount with the sign reversed. */
  sign: 1 | -1
}

function parTaux(detail: VatGroup[] | string | null, sign: 1 | -1): JournalRow['parTaux'] {
  const groups: VatGroup[] = typeof detail === 'string' ? JSON.parse(detail) : (detail ?? [])
  const out: JournalRow['parTaux'] = new Map()
  for (const g of groups) {
    const before = out.get(Number(g.taux_tva)) ?? { ht: 0, tva: 0 }
    out.set(Number(g.taux_tva), {
      ht: before.ht + sign * Number(g.base_ht),
      tva: before.tva + sign * Number(g.tva),
    })
  }
  return out
}

/** The issued documents of one table in the period, by date then number. */
function documentJournal({ table, dateColumn, piece, sign }: DocumentTable): JournalSource {
  const issued = `${table}.numero IS NOT NULL AND ${table}.${dateColumn} BETWEEN ? AND ?`
  const order: SortColumns = {
    keys: {
      date: [
        { sql: `${table}.${dateColumn}`, cast: 'date' },
        { sql: `${table}.numero`, cast: 'text' },
      ],
    },
    tiebreak: { sql: `${table}.id`, cast: 'integer' },
  }
  return {
    async rates({ du, au }) {
      const result = await db.rawQuery(
        `SELECT DISTINCT (g->>'taux_tva')::int AS taux
         FROM ${table}, jsonb_array_elements(${table}.tva_detail) AS g
         WHERE ${issued}`,
        [du, au]
      )
      return result.rows.map((r: { taux: number }) => Number(r.taux))
    },
    async *rows({ du, au }) {
      const batches = allRows<Record<string, any>>({
        build: () =>
          db
            .from(table)
            .whereRaw(issued, [du, au])
            .select(
              `${table}.numero`,
              db.raw(`to_char(${table}.${dateColumn}, 'YYYY-MM-DD') AS date_piece`),
              `${table}.client_nom`,
              db.raw(`${table}.parties_snapshot->'destinataire'->>'numero_tva' AS numero_tva`),
              `${table}.tva_detail`,
              `${table}.total_ht`,
              `${table}.total_tva`,
              `${table}.total_ttc`
            ),
        sort: [{ key: 'date', desc: false }],
        columns: order,
      })
      for await (const rows of batches) {
        yield rows.map((r) => ({
          piece,
          numero: r.numero,
          date: r.date_piece,
          client: r.client_nom,
          numeroTva: r.numero_tva ?? null,
          parTaux: parTaux(r.tva_detail, sign),
          totalHt: sign * Number(r.total_ht),
          totalTva: sign * Number(r.total_tva),
          totalTtc: sign * Number(r.total_ttc),
        }))
      }
    },
  }
}

export const facturesJournal = documentJournal({
  table: 'factures',
  dateColumn: 'date_facture',
  piece: 'Facture',
  sign: 1,
})

export const notesCreditJournal = documentJournal({
  table: 'notes_credit',
  dateColumn: 'date_nc',
  piece: 'Note de crédit',
  sign: -1,
})

/**
 * The documents of the journal; their rows are merged by date, then in this order on one day
 * (the factures before the notes de crédit), then by number.
 */
export const JOURNAL_SOURCES: JournalSource[] = [facturesJournal, notesCreditJournal]

async function* rowsOf(source: AsyncIterable<JournalRow[]>): AsyncGenerator<JournalRow> {
  for await (const batch of source) yield* batch
}

/**
 * One stream from sources each sorted by (date, number): at each step the earliest head wins —
 * date first, then the source's rank (each source is already in number order). Batches of `size`
 * rows.
 */
export async function* mergeJournal(
  sources: AsyncIterable<JournalRow[]>[],
  size = 500
): AsyncGenerator<JournalRow[]> {
  const streams = sources.map(rowsOf)
  const heads = await Promise.all(streams.map((s) => s.next()))
  const before = (a: number, b: number) => {
    const x = heads[a].value as JournalRow
    const y = heads[b].value as JournalRow
    return x.date !== y.date ? x.date < y.date : a < b
  }
  let batch: JournalRow[] = []
  for (;;) {
    let best = -1
    heads.forEach((h, i) => {
      if (!h.done && (best < 0 || before(i, best))) best = i
    })
    if (best < 0) break
    batch.push(heads[best].value as JournalRow)
    heads[best] = await streams[best].next()
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length) yield batch
}

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
    for await (const rows of mergeJournal(JOURNAL_SOURCES.map((s) => s.rows(period)))) {
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
  return {
    filename: `journal-ventes-${period.du}-${period.au}.csv`,
    header,
    batches: batches(),
  }
}
