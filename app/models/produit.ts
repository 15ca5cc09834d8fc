import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Societe from '#models/societe'
import type { TauxTva, Unite } from '#shared/produits'

/** A product of the catalogue (DESIGN.md §2); prices are integer cents (§3). */
export default class Produit extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare reference: string

  @column()
  declare libelle: string

  @column()
  declare description: string | null

  @column()
  declare unite: Unite

  @column()
  declare prixAchat: number | null

  @column()
  declare prixVenteHt: number

  @column()
  declare tauxTva: TauxTva

  @column()
  declare categorie: string | null

  /** A fournisseur société (DESIGN.md §2). */
  @column()
  declare fournisseurId: number | null

  @column()
  declare actif: boolean

  /** Optimistic lock (issue 10): raised by each save, checked against the form's copy. */
  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Societe, { foreignKey: 'fournisseurId' })
  declare fournisseur: BelongsTo<typeof Societe>
}
