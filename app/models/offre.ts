import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Societe from '#models/societe'
import Contact from '#models/contact'
import User from '#models/user'
import OffreLigne from '#models/offre_ligne'
import { toNumberStrict } from '#models/ligne_base'
import type { OffreStatut } from '#shared/devis'
import type { VatGroup } from '#shared/totals'

/** A pro société's offre for one of its contacts (DESIGN.md §2). */
export default class Offre extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare numero: string | null

  @column()
  declare societeId: number

  @column()
  declare contactId: number

  @column()
  declare auteurId: number | null

  @column()
  declare lockVersion: number

  @column.date()
  declare dateOffre: DateTime

  @column.date()
  declare valableJusquAu: DateTime

  @column()
  declare objet: string

  @column()
  declare adresseChantier: string | null

  @column()
  declare intro: string | null

  @column()
  declare conditions: string | null

  @column()
  declare remiseGlobalePct: string

  @column({ consume: toNumberStrict })
  declare totalHt: number

  @column({ consume: toNumberStrict })
  declare totalTva: number

  @column({ consume: toNumberStrict })
  declare totalTtc: number

  @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
  declare tvaDetail: VatGroup[]

  @column()
  declare statut: OffreStatut

  @column.dateTime()
  declare envoyeeLe: DateTime | null

  @column.dateTime()
  declare transmiseLe: DateTime | null

  @column()
  declare devisId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Societe)
  declare societe: BelongsTo<typeof Societe>

  @belongsTo(() => Contact)
  declare contact: BelongsTo<typeof Contact>

  @belongsTo(() => User, { foreignKey: 'auteurId' })
  declare auteur: BelongsTo<typeof User>

  @hasMany(() => OffreLigne, { foreignKey: 'offreId', onQuery: (q) => q.orderBy('position') })
  declare lignes: HasMany<typeof OffreLigne>
}
