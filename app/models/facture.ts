import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany, beforeUpdate } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Client from '#models/client'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import FactureLigne from '#models/facture_ligne'
import { toNumberStrict } from '#models/ligne_base'
import { DocumentTotals, TOTALS_ATTRIBUTES } from '#models/mixins/document_totals'
import { assertNotFrozen } from '#services/documents/immutable'
import type { PartiesSnapshot } from '#services/pdf/document_parts'
import type { FactureStatut, FactureType } from '#shared/factures'

/**
 * A facture (issue 11). Issued (numero set), its content is frozen twice: by this model's hook
 * (a clear 422 before any SQL) and by the database trigger of migration 0500 (raw SQL too).
 */
export default class Facture extends compose(BaseModel, DocumentTotals) {
  @column({ isPrimary: true })
  declare id: number

  /** Random id of the customer's signed link (migration 0522, set by the database). */
  @column()
  declare publicId: string

  /** Null while a draft (decision 204). */
  @column()
  declare numero: string | null

  @column()
  declare type: FactureType

  @column()
  declare commandeId: number | null

  @column()
  declare bdcId: number | null

  @column()
  declare demandePaiementId: number | null

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column()
  declare clientNom: string

  @column.date()
  declare dateFacture: DateTime | null

  @column.date()
  declare echeance: DateTime | null

  @column()
  declare objet: string

  @column()
  declare adresseChantier: string | null

  @column()
  declare communication: string | null

  @column()
  declare statut: FactureStatut

  @column({ consume: toNumberStrict })
  declare montantPaye: number

  /** What issued notes de crédit took off it (cents). */
  @column({ consume: toNumberStrict })
  declare montantCredite: number

  @column({
    prepare: (value: unknown) =>
      value === null || value === undefined ? null : JSON.stringify(value),
  })
  declare partiesSnapshot: PartiesSnapshot | null

  @column.dateTime()
  declare emiseLe: DateTime | null

  @column()
  declare lockVersion: number

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Client, { foreignKey: 'clientId', localKey: 'idClient' })
  declare client: BelongsTo<typeof Client>

  @belongsTo(() => Bdc)
  declare bdc: BelongsTo<typeof Bdc>

  @belongsTo(() => Commande)
  declare commande: BelongsTo<typeof Commande>

  @hasMany(() => FactureLigne, { foreignKey: 'factureId', onQuery: (q) => q.orderBy('position') })
  declare lignes: HasMany<typeof FactureLigne>

  /** What never changes once issued (the trigger's list is the complement: see migration 0500). */
  static readonly CONTENT = [
    ...TOTALS_ATTRIBUTES,
    'numero',
    'type',
    'commandeId',
    'bdcId',
    'demandePaiementId',
    'clientId',
    'clientNom',
    'dateFacture',
    'echeance',
    'objet',
    'adresseChantier',
    'communication',
    'partiesSnapshot',
    'emiseLe',
  ] as const

  /** Issued in the database (the save that issues it starts from a draft: allowed). */
  get isIssued(): boolean {
    return this.$original.numero !== null && this.$original.numero !== undefined
  }

  @beforeUpdate()
  static freezeIssued(facture: Facture) {
    assertNotFrozen(facture, Facture.CONTENT, facture.isIssued)
  }
}
