import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, beforeUpdate } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Client from '#models/client'
import Bdc from '#models/bdc'
import { toNumberStrict } from '#models/ligne_base'
import { assertNotFrozen } from '#services/documents/immutable'
import type { DemandePaiementStatut } from '#shared/devis'

/** A payment request (DESIGN.md §2) with its public signed link, structured communication, EPC QR. */
export default class DemandePaiement extends BaseModel {
  static table = 'demandes_paiement'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare numero: string

  /** Random id of the public link (never the serial id). */
  @column()
  declare publicId: string

  @column()
  declare bdcId: number | null

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column()
  declare objet: string

  @column({ consume: toNumberStrict })
  declare montant: number

  @column()
  declare beneficiaire: string

  @column()
  declare iban: string

  @column()
  declare bic: string | null

  /** +++ddd/dddd/dddcc+++ */
  @column()
  declare communication: string

  @column()
  declare statut: DemandePaiementStatut

  @column()
  declare email: string | null

  @column.dateTime()
  declare envoyeeLe: DateTime | null

  @column.dateTime()
  declare lienExpireLe: DateTime

  @column.dateTime()
  declare payeeLe: DateTime | null

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

  /** What the customer was asked to pay, and where: never changed once sent. */
  static readonly CONTENT = [
    'numero',
    'bdcId',
    'clientId',
    'montant',
    'beneficiaire',
    'iban',
    'bic',
    'communication',
  ] as const

  @beforeUpdate()
  static freezeIssued(demande: DemandePaiement) {
    assertNotFrozen(demande, DemandePaiement.CONTENT, true)
  }
}
