import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { LigneData } from '#shared/devis'
import type { Totals } from '#shared/totals'
import type { PartiesSnapshot } from '#services/pdf/document_parts'

/** A sent version as frozen in devis_revisions.snapshot (written by devis_service.snapshotOf). */
export type DevisSnapshot = {
  header: {
    numero: string | null
    revision: number
    date_devis: string
    valable_jusqu_au: string
    objet: string
    adresse_chantier: string | null
    client_id: number
    client_nom: string
    commercial_id: number | null
    intro: string | null
    conditions: string | null
    remise_globale_pct: string
    acompte_pct: string
    statut: string
    envoye_le: string | null
  }
  lignes: (LigneData & { total_ht: number | null })[]
  totals: Totals
  /** The parties as printed when that version was sent (absent from older rows). */
  parties?: PartiesSnapshot | null
}

/** A sent version of a devis, frozen when it was edited again (read-only). */
export default class DevisRevision extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare devisId: number

  @column()
  declare revision: number

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare snapshot: DevisSnapshot

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
