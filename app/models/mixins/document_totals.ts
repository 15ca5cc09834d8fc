/*
 * The totals columns of every document with lines (devis, offres, bons de commande; factures
 * next), declared once: money in cents (bigint columns read back as numbers), the VAT groups as
 * JSON, all written from shared/totals.ts by app/services/documents/lignes.ts.
 */
import { column, type BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { toNumberStrict } from '#models/ligne_base'
import type { VatGroup } from '#shared/totals'

export function DocumentTotals<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class WithTotals extends superclass {
    @column()
    declare remiseGlobalePct: string

    @column({ consume: toNumberStrict })
    declare totalHt: number

    @column({ consume: toNumberStrict })
    declare totalTva: number

    @column({ consume: toNumberStrict })
    declare totalTtc: number

    @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
    declare tvaDetail: VatGroup[]
  }
  return WithTotals
}

/** The model attributes of the totals (what a document's content includes). */
export const TOTALS_ATTRIBUTES = [
  'remiseGlobalePct',
  'totalHt',
  'totalTva',
  'totalTtc',
  'tvaDetail',
] as const
