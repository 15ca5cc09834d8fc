/*
 * The editor shows the server's business limits (issue 10) on the cell, before saving: the same
 * constants and messages as app/validators/lignes.ts (shared/totals.ts).
 */
import { describe, expect, it } from 'vitest'
import { LIMIT_MESSAGES } from '@shared/totals'
import { liveTotals } from '~/components/lignes/use_document_totals'
import type { LigneForm } from '@shared/devis'

const ligne = (quantite: string, prix: string): LigneForm => ({
  type: 'produit',
  produit_id: null,
  designation: 'Châssis',
  quantite,
  unite: 'piece',
  prix_unitaire_ht: prix,
  remise_pct: '0',
  taux_tva: 21,
})

describe('editor business limits', () => {
  it('reports quantity, unit price, line and document limits on their cells', () => {
    const live = (lignes: LigneForm[], remise = '0') =>
      liveTotals({ lignes, remise_globale_pct: remise }).limits
    expect(live([ligne('2', '1 234,56')])).toEqual({})
    expect(live([ligne('1000001', '1')])['lignes.0.quantite']).toBe(LIMIT_MESSAGES.quantite)
    expect(live([ligne('1', '10 000 000,01')])['lignes.0.prix_unitaire_ht']).toBe(
      LIMIT_MESSAGES.prix
    )
    expect(live([ligne('1000000', '9 999 999')])['lignes.0.quantite']).toBe(LIMIT_MESSAGES.ligne)
    const big = ligne('9', '10 000 000')
    expect(live([big, big]).lignes).toBe(LIMIT_MESSAGES.document)
    expect(live([big, big], '60')).toEqual({})
  })
})
