import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import AvenantLigne from '#models/avenant_ligne'
import { toNumberStrict } from '#models/ligne_base'
import { DocumentTotals } from '#models/mixins/document_totals'
import type { AvenantStatut } from '#shared/avenants'

/** A priced amendment of a signed bdc after the measurement (issue 12 §2, decisions 390–399). */
export default class Avenant extends compose(BaseModel, DocumentTotals) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare commandeId: number

  @column()
  declare bdcId: number

  @column()
  declare rang: number

  @column()
  declare numero: string

  @column()
  declare statut: AvenantStatut

  @column()
  declare motif: string

  @column({ consume: toNumberStrict })
  declare baseTotalTtc: number

  @column({ consume: toNumberStrict })
  declare differenceHt: number

  @column({ consume: toNumberStrict })
  declare differenceTva: number

  @column({ consume: toNumberStrict })
  declare differenceTtc: number

  @column()
  declare acomptePct: string

  @column({ consume: toNumberStrict })
  declare acompteDifference: number

  @column.dateTime()
  declare signeLe: DateTime | null

  @column()
  declare signataire: string | null

  @column()
  declare signatureType: 'dessin' | 'scan' | null

  /** Private storage name (never served directly). */
  @column({ serializeAs: null })
  declare signaturePath: string | null

  @column()
  declare signatureMime: string | null

  @column()
  declare signePar: number | null

  @column()
  declare demandePaiementId: number | null

  @column({ consume: (v: unknown) => (v === null || v === undefined ? null : Number(v)) })
  declare fichierId: number | null

  @column()
  declare motifAnnulation: string | null

  @column()
  declare createdBy: number | null

  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => AvenantLigne, { foreignKey: 'avenantId', onQuery: (q) => q.orderBy('position') })
  declare lignes: HasMany<typeof AvenantLigne>
}
