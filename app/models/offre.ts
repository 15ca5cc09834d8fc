import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany, beforeUpdate } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Societe from '#models/societe'
import Contact from '#models/contact'
import User from '#models/user'
import OffreLigne from '#models/offre_ligne'
import { DocumentTotals, TOTALS_ATTRIBUTES } from '#models/mixins/document_totals'
import { assertNotFrozen } from '#services/documents/immutable'
import type { PartiesSnapshot } from '#services/pdf/document_parts'
import type { OffreStatut } from '#shared/devis'

/** A pro société's offre for one of its contacts (DESIGN.md §2). */
export default class Offre extends compose(BaseModel, DocumentTotals) {
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

  /** Versions of a sent offre (each older one is frozen in offre_revisions). */
  @column()
  declare revision: number

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
  declare statut: OffreStatut

  @column.dateTime()
  declare envoyeeLe: DateTime | null

  @column.dateTime()
  declare transmiseLe: DateTime | null

  @column()
  declare devisId: number | null

  /** The parties as printed when issued (NULL: a draft, printed with the live data). */
  @column({
    prepare: (value: unknown) =>
      value === null || value === undefined ? null : JSON.stringify(value),
  })
  declare partiesSnapshot: PartiesSnapshot | null

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

  /**
   * Content attributes: a draft's only. A sent offre changes its content only by becoming a new
   * brouillon version in the same save (offre_revisions); transmise and after, never.
   */
  static readonly CONTENT = [
    ...TOTALS_ATTRIBUTES,
    'contactId',
    'dateOffre',
    'valableJusquAu',
    'objet',
    'adresseChantier',
    'intro',
    'conditions',
    'partiesSnapshot',
  ] as const

  @beforeUpdate()
  static freezeIssued(offre: Offre) {
    const was = offre.$original.statut as OffreStatut
    const revised = was === 'envoyee' && offre.statut === 'brouillon'
    assertNotFrozen(offre, Offre.CONTENT, was !== 'brouillon' && !revised)
  }
}
