/* The offre editor's pure helpers: live totals = the server's, product lines, JSON errors. */
import { describe, expect, it } from 'vitest'
import {
  fieldErrors,
  ligneFromProduit,
  liveTotals,
} from '../../inertia/components/offres/editor_state'
import { computeTotals } from '../../shared/totals'

describe('offre editor helpers', () => {
  it('shows the totals the server stores once the cells are valid', () => {
    const live = liveTotals(
      [
        {
          type: 'produit',
          produit_id: null,
          designation: 'A',
          quantite: '2,5',
          unite: 'piece',
          prix_unitaire_ht: '1 234,56',
          remise_pct: '7,5',
          taux_tva: 21,
        },
        {
          type: 'sous_total',
          produit_id: null,
          designation: '',
          quantite: '',
          unite: null,
          prix_unitaire_ht: '',
          remise_pct: '0',
          taux_tva: null,
        },
        {
          type: 'produit',
          produit_id: null,
          designation: 'B',
          quantite: 'abc',
          unite: 'piece',
          prix_unitaire_ht: '10',
          remise_pct: '0',
          taux_tva: 6,
        },
      ],
      '3'
    )
    const server = computeTotals({
      lignes: [
        {
          type: 'produit',
          quantite: '2.5',
          prix_unitaire_ht: 123_456,
          remise_pct: '7.5',
          taux_tva: 21,
        },
        { type: 'sous_total' },
        // The unreadable quantity counts as 0 until it is fixed
        { type: 'produit', quantite: '0', prix_unitaire_ht: 1000, remise_pct: '0', taux_tva: 6 },
      ],
      remise_globale_pct: '3',
    })
    expect(live).toEqual(server)
    expect(live.lignes[1].total_ht).toBe(live.lignes[0].total_ht)
  })

  it('adds a catalogue product at its partner price', () => {
    const ligne = ligneFromProduit({
      id: 7,
      reference: 'CH-1',
      libelle: 'Châssis',
      description: 'PVC blanc',
      unite: 'm2',
      taux_tva: 6,
      prix_catalogue_ht: 10_000,
      prix_partenaire_ht: 8_750,
    })
    expect(ligne).toMatchObject({
      type: 'produit',
      produit_id: 7,
      designation: 'Châssis\nPVC blanc',
      quantite: '1',
      unite: 'm2',
      prix_unitaire_ht: '87,50',
      taux_tva: 6,
    })
    expect(ligne.key).toBeTruthy()
  })

  it('reads VineJS errors of a JSON answer, first message per field', () => {
    expect(
      fieldErrors({
        errors: [
          { field: 'lignes.0.quantite', message: 'Quantité invalide.' },
          { field: 'lignes.0.quantite', message: 'Autre.' },
          { field: 'objet', message: 'Saisissez l’objet de l’offre.' },
        ],
      })
    ).toEqual({ 'lignes.0.quantite': 'Quantité invalide.', objet: 'Saisissez l’objet de l’offre.' })
    expect(fieldErrors({ message: 'x' })).toEqual({})
  })
})
