/*
 * CSV export of the clients list, filtered and sorted as on screen (docs/DECISIONS.md: `;`,
 * UTF-8 with BOM, formula-safe cells). Streamed by batches of 2 000 rows.
 */
import { DateTime } from 'luxon'
import type { CsvExport } from '#services/csv'
import { allClients } from '#services/clients/client_list'
import type { ListParams } from '#services/list/list_params'
import { CLIENT_TYPE_LABELS, type ClientType } from '#shared/clients'
import { TIME_ZONE } from '#shared/app'

const COLUMNS = [
  'c.id_client',
  'c.type',
  'c.civilite',
  'c.nom',
  'c.prenom',
  'c.societe',
  'c.numero_tva',
  'c.email',
  'c.telephone',
  'c.gsm',
  'c.facturation_rue',
  'c.facturation_code_postal',
  'c.facturation_localite',
  'c.facturation_pays',
  'c.chantier_rue',
  'c.chantier_code_postal',
  'c.chantier_localite',
  'c.chantier_lat',
  'c.chantier_lng',
  'c.notes',
  'c.created_at',
]

export const CLIENT_CSV_HEADER = [
  'N° client',
  'Type',
  'Civilité',
  'Nom',
  'Prénom',
  'Société',
  'N° TVA',
  'E-mail',
  'Téléphone',
  'GSM',
  'Rue (facturation)',
  'Code postal',
  'Localité',
  'Pays',
  'Rue (chantier)',
  'Code postal (chantier)',
  'Localité (chantier)',
  'Latitude',
  'Longitude',
  'Apporteur',
  'Notes',
  'Créé le',
]

/** "50.466900" → "50,4669": the decimal comma of fr-BE Excel. */
const decimal = (value: unknown) =>
  value === null || value === undefined ? '' : String(Number(value)).replace('.', ',')

const date = (value: unknown) =>
  value instanceof Date ? DateTime.fromJSDate(value).setZone(TIME_ZONE).toFormat('dd/MM/yyyy') : ''

function toCells(row: Record<string, any>): unknown[] {
  return [
    row.id_client,
    CLIENT_TYPE_LABELS[row.type as ClientType] ?? row.type,
    row.civilite,
    row.nom,
    row.prenom,
    row.societe,
    row.numero_tva,
    row.email,
    row.telephone,
    row.gsm,
    row.facturation_rue,
    row.facturation_code_postal,
    row.facturation_localite,
    row.facturation_pays,
    row.chantier_rue,
    row.chantier_code_postal,
    row.chantier_localite,
    decimal(row.chantier_lat),
    decimal(row.chantier_lng),
    row.apporteur_nom,
    row.notes,
    date(row.created_at),
  ]
}

/** The file, filtered and sorted as on screen (app/services/http/csv_response.ts sends it). */
export function exportClients(params: ListParams): CsvExport {
  async function* batches() {
    for await (const rows of allClients(params, COLUMNS)) yield rows.map(toCells)
  }
  const today = DateTime.now().setZone(TIME_ZONE).toFormat('yyyy-MM-dd')
  return { filename: `clients-${today}.csv`, header: CLIENT_CSV_HEADER, batches: batches() }
}
