import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A reserve written on a PV de réception, lifted later (date, by whom, comment). */
export default class ReceptionReserve extends BaseModel {
  static table = 'reception_reserves'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare receptionId: number

  @column()
  declare position: number

  @column()
  declare description: string

  @column({ consume: (v) => (v === null || v === undefined ? null : Number(v)) })
  declare photoFichierId: number | null

  @column.dateTime()
  declare leveeLe: DateTime | null

  @column()
  declare leveePar: number | null

  @column()
  declare commentaire: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
