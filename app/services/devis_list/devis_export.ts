/*
 * CSV export of the devis list, filtered and sorted as on screen (docs/DECISIONS.md: `;`,
 * UTF-8 with BOM, formula-safe cells, amounts with a decimal comma). Streamed by batches.
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { CsvExport } from '#services/csv'
import { allDevis } from '#services/devis_list/devis_list'
import type { ListParams } from '#services/list/list_params'
import { DEVIS_STATUT_LABELS, type DevisStatut } from '#shared/devis'
import { centsToInput } from '#shared/money'
import { TIME_ZONE } from '#shared/app'

const COLUMNS = [
  'd.id',
  'd.numero',
  'd.revision',
  db.raw('d.date_devis::text AS date_devis'),
  db.raw('d.valable_jusqu_au::text AS valable_jusqu_au'),
  'd.client_id',
  'd.client_nom',
  'd.objet',
  'd.adresse_chantier',
  'd.total_ht',
  'd.total_tva',
  'd.total_ttc',
  'd.acompte',
  'd.statut',
  'd.motif_annulation',
  'd.envoye_le',
  'd.accepte_le',
]

export const DEVIS_CSV_HEADER = [
  'N° devis',
  'Révision',
  'Date',
  'Valable jusqu’au',
  'N° client',
  'Client',
  'Objet',
  'Adresse du chantier',
  'Commercial',
  'Total HT',
  'TVA',
  'Total TVAC',
  'Acompte',
  'Statut',
  'Motif d’annulation',
  'Envoyé le',
  'Accepté le',
]

/** "2026-03-05" → "05/03/2026" */
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? value.split('-').reverse().join('/')
    : ''

const instant = (value: unknown) =>
  value instanceof Date ? DateTime.fromJSDate(value).setZone(TIME_ZONE).toFormat('dd/MM/yyyy') : ''

const money = (value: unknown) => centsToInput(Number(value ?? 0))

function toCells(row: Record<string, any>): unknown[] {
  return [
    row.numero ?? 'Brouillon',
    row.revision,
    day(row.date_devis),
    day(row.valable_jusqu_au),
    row.client_id,
    row.client_nom,
    row.objet,
    row.adresse_chantier,
    row.commercial_nom,
    money(row.total_ht),
    money(row.total_tva),
    money(row.total_ttc),
    money(row.acompte),
    DEVIS_STATUT_LABELS[row.statut as DevisStatut] ?? row.statut,
    row.motif_annulation,
    instant(row.envoye_le),
    instant(row.accepte_le),
  ]
}

/** The file, filtered and sorted as on screen (app/services/http/csv_response.ts sends it). */
export function exportDevis(params: ListParams): CsvExport {
  async function* batches() {
    for await (const rows of allDevis(params, COLUMNS)) yield rows.map(toCells)
  }
  const today = DateTime.now().setZone(TIME_ZONE).toFormat('yyyy-MM-dd')
  return { filename: `devis-${today}.csv`, header: DEVIS_CSV_HEADER, batches: batches() }
}
