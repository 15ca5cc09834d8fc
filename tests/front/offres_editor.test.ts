/*
 * The offre editor's helpers: live totals = the server's (no acompte on an offre), a catalogue
 * product at the partner price as a line, JSON errors.
 */
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../inertia/components/document_editor/save_errors'
import { liveTotals } from '../../inertia/components/lignes/use_document_totals'
import { ligneFromChoice, offreCatalogue } from '../../inertia/components/lignes/catalogue'
import { computeTotals } from '../../shared/totals'

describe('offre editor helpers', () => {
  it('shows the totals the server stores once the cells are valid', () => {
    const live = liveTotals({
      lignes: [
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
      remise_globale_pct: '3',
    })
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
    expect(live.totals).toEqual(server)
    expect(live.totals.acompte).toBe(0)
    expect(live.totals.lignes[1].total_ht).toBe(live.totals.lignes[0].total_ht)
    // The bad cell is told on the cell while typing
    expect(Object.keys(live.errors)).toEqual(['lignes.2.quantite'])
  })

  it('adds a catalogue product at its partner price', () => {
    const catalogue = offreCatalogue(4)
    expect(catalogue.url('châssis')).toBe('/app/offres/produits?q=ch%C3%A2ssis&societe_id=4')
    expect(offreCatalogue(null).url('a')).toBe('/app/offres/produits?q=a')
    const [choice] = catalogue.choices({
      produits: [
        {
          id: 7,
          reference: 'CH-1',
          libelle: 'Châssis',
          description: 'PVC blanc',
          unite: 'm2',
          taux_tva: 6,
          prix_catalogue_ht: 10_000,
          prix_partenaire_ht: 8_750,
        },
      ],
    })
    expect(ligneFromChoice(choice)).toEqual({
      produit_id: 7,
      designation: 'Châssis\nPVC blanc',
      unite: 'm2',
      prix_unitaire_ht: '87,50',
      taux_tva: 6,
    })
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
