import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeUpdate, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Facture from '#models/facture'
import NoteCreditLigne from '#models/note_credit_ligne'
import { toNumberStrict } from '#models/ligne_base'
import { DocumentTotals, TOTALS_ATTRIBUTES } from '#models/mixins/document_totals'
import { assertNotFrozen } from '#services/documents/immutable'
import type { PartiesSnapshot } from '#services/pdf/document_parts'
import type { NoteCreditKind, NoteCreditStatut } from '#shared/notes_credit'

/**
 * A note de crédit (issue 11 §2) on an issued facture. Issued, it is frozen by this model's
 * hook and by the trigger of migration 0510.
 */
export default class NoteCredit extends compose(BaseModel, DocumentTotals) {
  static table = 'notes_credit'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare numero: string | null

  @column()
  declare factureId: number

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column()
  declare clientNom: string

  @column()
  declare kind: NoteCreditKind

  @column.date()
  declare dateNc: DateTime | null

  @column()
  declare motif: string

  @column()
  declare statut: NoteCreditStatut

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

  @belongsTo(() => Facture)
  declare facture: BelongsTo<typeof Facture>

  @hasMany(() => NoteCreditLigne, {
    foreignKey: 'noteCreditId',
    onQuery: (q) => q.orderBy('position'),
  })
  declare lignes: HasMany<typeof NoteCreditLigne>

  static readonly CONTENT = [
    ...TOTALS_ATTRIBUTES,
    'numero',
    'factureId',
    'clientId',
    'clientNom',
    'kind',
    'dateNc',
    'motif',
    'statut',
    'partiesSnapshot',
    'emiseLe',
  ] as const

  get isIssued(): boolean {
    return this.$original.numero !== null && this.$original.numero !== undefined
  }

  @beforeUpdate()
  static freezeIssued(nc: NoteCredit) {
    assertNotFrozen(nc, NoteCredit.CONTENT, nc.isIssued)
  }
}
