import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany, beforeUpdate } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Client from '#models/client'
import User from '#models/user'
import Societe from '#models/societe'
import DevisLigne from '#models/devis_ligne'
import DevisRevision from '#models/devis_revision'
import { toNumberStrict } from '#models/ligne_base'
import { DocumentTotals, TOTALS_ATTRIBUTES } from '#models/mixins/document_totals'
import { assertNotFrozen } from '#services/documents/immutable'
import type { PartiesSnapshot } from '#services/pdf/document_parts'
import type { DevisStatut } from '#shared/devis'

/**
 * A quote (DESIGN.md §2–§3). numero is given when first sent; revision counts the versions of
 * a sent devis; lockVersion is the optimistic lock every save checks.
 */
export default class Devis extends compose(BaseModel, DocumentTotals) {
  static table = 'devis'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare numero: string | null

  @column()
  declare revision: number

  @column()
  declare lockVersion: number

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column()
  declare clientNom: string

  @column()
  declare commercialId: number | null

  @column()
  declare apporteurId: number | null

  @column()
  declare offreId: number | null

  /**
   * numeric(5,2) as text: the apporteur's commission rate, frozen when the devis was made from
   * his offre (the société's partner discount then; decision 187). NULL: no commission.
   */
  @column()
  declare commissionApporteurPct: string | null

  @column.date()
  declare dateDevis: DateTime

  @column.date()
  declare valableJusquAu: DateTime

  @column()
  declare objet: string

  @column()
  declare adresseChantier: string | null

  /** numeric(5,2) as text */
  @column()
  declare acomptePct: string

  @column({ consume: toNumberStrict })
  declare acompte: number

  @column()
  declare intro: string | null

  @column()
  declare conditions: string | null

  @column()
  declare statut: DevisStatut

  @column()
  declare motifAnnulation: string | null

  /** The reason given when the devis was refused (the customer's, online; issue 14 §1). */
  @column()
  declare motifRefus: string | null

  /** Random id of the customer's signed link (never the serial id; decision 490). */
  @column()
  declare publicId: string

  @column.dateTime()
  declare envoyeLe: DateTime | null

  @column.dateTime()
  declare accepteLe: DateTime | null

  @column.dateTime()
  declare refuseLe: DateTime | null

  /** The parties as printed when issued (NULL: a draft, printed with the live data). */
  @column({
    prepare: (value: unknown) =>
      value === null || value === undefined ? null : JSON.stringify(value),
  })
  declare partiesSnapshot: PartiesSnapshot | null

  @column()
  declare createdBy: number | null

  @column()
  declare updatedBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Client, { foreignKey: 'clientId', localKey: 'idClient' })
  declare client: BelongsTo<typeof Client>

  @belongsTo(() => User, { foreignKey: 'commercialId' })
  declare commercial: BelongsTo<typeof User>

  @belongsTo(() => User, { foreignKey: 'updatedBy' })
  declare editor: BelongsTo<typeof User>

  @belongsTo(() => Societe, { foreignKey: 'apporteurId' })
  declare apporteur: BelongsTo<typeof Societe>

  @hasMany(() => DevisLigne, { foreignKey: 'devisId', onQuery: (q) => q.orderBy('position') })
  declare lignes: HasMany<typeof DevisLigne>

  @hasMany(() => DevisRevision, { foreignKey: 'devisId', onQuery: (q) => q.orderBy('revision') })
  declare revisions: HasMany<typeof DevisRevision>

  /** Content attributes: frozen once the devis is accepted or cancelled (a revision goes back to brouillon). */
  static readonly CONTENT = [
    ...TOTALS_ATTRIBUTES,
    'clientId',
    'dateDevis',
    'valableJusquAu',
    'objet',
    'adresseChantier',
    'acomptePct',
    'acompte',
    'intro',
    'conditions',
    'partiesSnapshot',
  ] as const

  @beforeUpdate()
  static freezeIssued(devis: Devis) {
    const was = devis.$original.statut as DevisStatut
    assertNotFrozen(devis, Devis.CONTENT, was !== 'brouillon' && devis.statut !== 'brouillon')
  }
}
