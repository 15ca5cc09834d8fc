import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany, hasOne, beforeUpdate } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, HasOne } from '@adonisjs/lucid/types/relations'
import Client from '#models/client'
import Devis from '#models/devis'
import User from '#models/user'
import BdcLigne from '#models/bdc_ligne'
import Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import { toNumberStrict } from '#models/ligne_base'
import { DocumentTotals, TOTALS_ATTRIBUTES } from '#models/mixins/document_totals'
import { assertNotFrozen } from '#services/documents/immutable'
import type { PartiesSnapshot } from '#services/pdf/document_parts'
import type { BdcStatut, LieuSignature } from '#shared/devis'

/** A bon de commande: the frozen copy of an accepted devis, to be signed (DESIGN.md §2, §3b). */
export default class Bdc extends compose(BaseModel, DocumentTotals) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare numero: string

  @column()
  declare devisId: number

  @column()
  declare devisRevision: number

  @column({ consume: toNumberStrict })
  declare clientId: number

  @column()
  declare clientNom: string

  @column()
  declare commercialId: number | null

  @column()
  declare objet: string

  @column()
  declare adresseChantier: string | null

  @column()
  declare acomptePct: string

  @column({ consume: toNumberStrict })
  declare acompte: number

  /** numeric(5,2) as text: the apporteur's commission rate, from the devis (decision 187). */
  @column()
  declare commissionApporteurPct: string | null

  @column()
  declare statut: BdcStatut

  @column()
  declare lockVersion: number

  @column.dateTime()
  declare signeLe: DateTime | null

  @column()
  declare signataire: string | null

  @column()
  declare lieuSignature: LieuSignature | null

  @column()
  declare signatureType: 'dessin' | 'scan' | null

  /** Private storage path (never served directly). */
  @column({ serializeAs: null })
  declare signaturePath: string | null

  @column()
  declare signatureMime: string | null

  @column()
  declare renonciationRetractation: boolean

  @column.date()
  declare finRetractation: DateTime | null

  @column()
  declare motifAnnulation: string | null

  /** The bdc's own conditions (texte « bdc_conditions » when created), placeholders filled when printed. */
  @column()
  declare conditions: string | null

  /** The parties as printed when issued (NULL: a draft, printed with the live data). */
  @column({
    prepare: (value: unknown) =>
      value === null || value === undefined ? null : JSON.stringify(value),
  })
  declare partiesSnapshot: PartiesSnapshot | null

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Client, { foreignKey: 'clientId', localKey: 'idClient' })
  declare client: BelongsTo<typeof Client>

  @belongsTo(() => Devis)
  declare devis: BelongsTo<typeof Devis>

  @belongsTo(() => User, { foreignKey: 'commercialId' })
  declare commercial: BelongsTo<typeof User>

  @hasMany(() => BdcLigne, { foreignKey: 'bdcId', onQuery: (q) => q.orderBy('position') })
  declare lignes: HasMany<typeof BdcLigne>

  @hasOne(() => Commande)
  declare commande: HasOne<typeof Commande>

  @hasMany(() => DemandePaiement)
  declare demandesPaiement: HasMany<typeof DemandePaiement>

  /** Content attributes: a bdc is a copy of the accepted devis, never changed afterwards. */
  static readonly CONTENT = [
    ...TOTALS_ATTRIBUTES,
    'numero',
    'devisId',
    'devisRevision',
    'clientId',
    'objet',
    'adresseChantier',
    'acomptePct',
    'acompte',
    'commissionApporteurPct',
    'partiesSnapshot',
    'conditions',
  ] as const

  @beforeUpdate()
  static freezeIssued(bdc: Bdc) {
    assertNotFrozen(bdc, Bdc.CONTENT, true)
  }
}
