import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Societe from '#models/societe'
import type { Civilite, ClientType } from '#shared/clients'

// pg returns bigint and numeric as strings
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A customer (DESIGN.md §2): id_client is the primary key the lists sort by. */
export default class Client extends BaseModel {
  @column({ isPrimary: true, consume: (value) => Number(value) })
  declare idClient: number

  @column()
  declare type: ClientType

  @column()
  declare civilite: Civilite | null

  @column()
  declare nom: string

  @column()
  declare prenom: string | null

  @column()
  declare societe: string | null

  @column()
  declare numeroTva: string | null

  @column()
  declare email: string | null

  @column()
  declare telephone: string | null

  @column()
  declare gsm: string | null

  @column()
  declare facturationRue: string | null

  @column()
  declare facturationCodePostal: string | null

  @column()
  declare facturationLocalite: string | null

  @column()
  declare facturationPays: string

  @column()
  declare chantierRue: string | null

  @column()
  declare chantierCodePostal: string | null

  @column()
  declare chantierLocalite: string | null

  @column({ consume: toNumber })
  declare chantierLat: number | null

  @column({ consume: toNumber })
  declare chantierLng: number | null

  /** A pro société that brought the customer (DESIGN.md §2). */
  @column()
  declare apporteurId: number | null

  @column()
  declare notes: string | null

  /** Days from a facture's date to its due date; null: the company's default (30). */
  @column()
  declare delaiPaiementJours: number | null

  /** Optimistic lock (issue 10): raised by each save, checked against the form's copy. */
  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Societe, { foreignKey: 'apporteurId' })
  declare apporteur: BelongsTo<typeof Societe>
}
