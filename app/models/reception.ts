import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ReceptionReserve from '#models/reception_reserve'

/** The signed procès-verbal de réception of a commande's pose (issue 12 §5, decisions 370–375). */
export default class Reception extends BaseModel {
  static table = 'receptions'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare commandeId: number

  @column.date()
  declare dateReception: DateTime

  @column()
  declare signataire: string

  @column()
  declare lieu: string | null

  @column()
  declare signaturePath: string

  @column()
  declare technicienId: number | null

  @column()
  declare observations: string | null

  @column()
  declare avecReserves: boolean

  @column.dateTime()
  declare signeeLe: DateTime

  @column({ consume: (v) => (v === null || v === undefined ? null : Number(v)) })
  declare fichierId: number | null

  @column.dateTime()
  declare annuleeLe: DateTime | null

  @column()
  declare motifAnnulation: string | null

  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => ReceptionReserve, { onQuery: (q) => q.orderBy('position') })
  declare reserves: HasMany<typeof ReceptionReserve>
}
