import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import UserTexte from '#models/user_texte'
import type { TexteCategorie } from '#shared/textes'

/** A base text of the company (BaseTexte), found by its code by the documents that print it. */
export default class Texte extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare titre: string

  @column()
  declare categorie: TexteCategorie

  @column()
  declare contenu: string

  @column()
  declare version: number

  /** The last editor; null once his account is deleted (« Utilisateur supprimé »). */
  @column()
  declare updatedBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'updatedBy' })
  declare editor: BelongsTo<typeof User>

  @hasMany(() => UserTexte)
  declare overrides: HasMany<typeof UserTexte>
}
