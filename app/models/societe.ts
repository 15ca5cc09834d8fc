import type { AcompteRetractationRegle } from '#shared/retractation'
import { DateTime } from 'luxon'
import { BaseModel, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

export default class Societe extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare nom: string

  @column()
  declare type: 'esi' | 'pro' | 'client' | 'fournisseur'

  @column()
  declare formeJuridique: string | null

  @column()
  declare numeroTva: string | null

  @column()
  declare rpm: string | null

  @column()
  declare adresse: string | null

  @column()
  declare codePostal: string | null

  @column()
  declare localite: string | null

  @column()
  declare pays: string

  @column()
  declare email: string | null

  @column()
  declare telephone: string | null

  @column()
  declare iban: string | null

  @column()
  declare bic: string | null

  @column()
  declare logoPath: string | null

  /** A pro partner's discount on catalogue prices (its partner prices), as "10.00". */
  @column()
  declare remisePartenairePct: string

  /** The esi société: may a payment be asked during the withdrawal period (shared/retractation.ts). */
  @column()
  declare acomptePendantRetractation: AcompteRetractationRegle

  /** The esi société: ± mm under which a measured dimension is not a difference (issue 12). */
  @column()
  declare toleranceMesureMm: number

  /** The esi société: minutes of travel required between two visits of one person (issue 13). */
  @column()
  declare planningTrajetMinutes: number

  /** Optimistic lock (issue 10): raised by each save, checked against the form's copy. */
  @column()
  declare lockVersion: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @manyToMany(() => User, {
    pivotTable: 'societe_user',
    pivotColumns: ['role'],
    pivotTimestamps: { createdAt: 'created_at', updatedAt: false },
  })
  declare users: ManyToMany<typeof User>
}
