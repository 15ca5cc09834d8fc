import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Texte from '#models/texte'

/** A user's own version of a base text (PageTextes): it wins over the base text for him. */
export default class UserTexte extends BaseModel {
  static table = 'user_textes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare texteId: number

  @column()
  declare contenu: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Texte)
  declare texte: BelongsTo<typeof Texte>
}
