import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Notification extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare type: string

  @column()
  declare titre: string

  @column()
  declare lien: string | null

  @column()
  declare icon: string | null

  @column.dateTime()
  declare luLe: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
