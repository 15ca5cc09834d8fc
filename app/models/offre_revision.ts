import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { LigneData } from '#shared/devis'
import type { Totals } from '#shared/totals'
import type { PartiesSnapshot } from '#services/pdf/document_parts'

/** A sent version as frozen in offre_revisions.snapshot (offre_service.offreSnapshotOf). */
export type OffreSnapshot = {
  header: {
    numero: string | null
    revision: number
    date_offre: string
    valable_jusqu_au: string
    objet: string
    adresse_chantier: string | null
    contact_id: number
    auteur_id: number | null
    intro: string | null
    conditions: string | null
    remise_globale_pct: string
    statut: string
    envoyee_le: string | null
  }
  lignes: (LigneData & { total_ht: number | null })[]
  totals: Totals
  parties: PartiesSnapshot | null
}

/** A sent version of an offre, frozen when it was edited again (read-only). */
export default class OffreRevision extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare offreId: number

  @column()
  declare revision: number

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare snapshot: OffreSnapshot

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
