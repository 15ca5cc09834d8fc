import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import CommandeEtape from '#models/commande_etape'
import Client from '#models/client'
import User from '#models/user'
import Bdc from '#models/bdc'
import { toNumberStrict } from '#models/ligne_base'
import type { CommandeStatut } from '#shared/devis'
import type { Etape, EtapeStatut } from '#shared/commande_etapes'

/** A customer order, created when its bdc is signed (DESIGN.md §2), with its steps (issue 12). */
export default class Commande extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare numero: string

  @column()
  declare bdcId: number

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column()
  declare clientNom: string

  @column()
  declare chefProjetId: number | null

  @column()
  declare objet: string

  @column({ consume: toNumberStrict })
  declare totalTtc: number

  @column()
  declare statut: CommandeStatut

  @column.date()
  declare finRetractation: DateTime | null

  @column()
  declare lockVersion: number

  @column()
  declare motifAnnulation: string | null

  @column.dateTime()
  declare annuleeLe: DateTime | null

  @column.dateTime()
  declare termineeLe: DateTime | null

  /** Where it stands (written by syncCommande, decision 301): its first step not done. */
  @column()
  declare etapeCourante: Etape | null

  @column()
  declare etapeCouranteStatut: EtapeStatut | null

  /** The earliest planned end of a step not done (late when before today). */
  @column.date()
  declare prochaineEcheance: DateTime | null

  /** The day the customer's withdrawal form was received (decision 305). */
  @column.date()
  declare retractationRecueLe: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Client, { foreignKey: 'clientId', localKey: 'idClient' })
  declare client: BelongsTo<typeof Client>

  @belongsTo(() => Bdc)
  declare bdc: BelongsTo<typeof Bdc>

  @belongsTo(() => User, { foreignKey: 'chefProjetId' })
  declare chefProjet: BelongsTo<typeof User>

  @hasMany(() => CommandeEtape)
  declare etapes: HasMany<typeof CommandeEtape>
}
