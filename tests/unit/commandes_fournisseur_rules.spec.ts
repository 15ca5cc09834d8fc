/*
 * The pure rules of supplier orders (shared/commandes_fournisseur.ts, decisions 353–355): the
 * designation from the measured item, what a receipt does to each line, the order's statut
 * after it, the late marker, and the two steps the orders move.
 */
import { test } from '@japa/runner'
import {
  applyReception,
  approvisionnementStatut,
  cfEnRetard,
  fournitureStatut,
  ligneTotal,
  mesureDesignation,
  statutApresReception,
} from '#shared/commandes_fournisseur'

const LIGNES = [
  { id: 1, position: 1, quantite: '2.000', quantite_recue: '0.000' },
  { id: 2, position: 2, quantite: '1.000', quantite_recue: '1.000' },
]

test.group('Commandes fournisseur / rules', () => {
  test('the designation carries the measured dimensions and options', ({ assert }) => {
    assert.equal(
      mesureDesignation('Châssis PVC', {
        largeur_mm: 1195,
        hauteur_mm: 1402,
        couleur: 'blanc',
        sens_ouverture: 'oscillo-battant gauche',
        vitrage: null,
        repere: 'Cuisine',
      }),
      'Châssis PVC — 1195 × 1402 mm, blanc, oscillo-battant gauche (repère : Cuisine)'
    )
    assert.equal(
      mesureDesignation('Porte\nsecond line', {
        largeur_mm: null,
        hauteur_mm: 2150,
        couleur: ' ',
        sens_ouverture: null,
        vitrage: null,
      }),
      'Porte — hauteur 2150 mm'
    )
    assert.equal(
      mesureDesignation('', {
        largeur_mm: null,
        hauteur_mm: null,
        couleur: null,
        sens_ouverture: null,
        vitrage: null,
      }),
      'Article'
    )
  })

  test('line totals in cents from thousandths', ({ assert }) => {
    assert.equal(ligneTotal('2.000', 310_00), 620_00)
    assert.equal(ligneTotal('1.5', 333), 500)
    assert.equal(ligneTotal(0.333, 100), 33)
  })

  test('a receipt: ok counts, more than expected refused, damage keeps it expected', ({
    assert,
  }) => {
    const ok = applyReception(LIGNES, [{ ligne_id: 1, quantite: '1', etat: 'ok' }])
    assert.deepEqual(ok.errors, [])
    assert.equal(ok.recues.get(1), 1000)

    const over = applyReception(LIGNES, [{ ligne_id: 1, quantite: 3, etat: 'ok' }])
    assert.match(over.errors[0], /Ligne 1 : 3 reçu\(s\) dépasse\(nt\) les 2 encore attendu\(s\)/)

    // Damaged while still expected: nothing counted, nothing taken back
    const damaged = applyReception(LIGNES, [{ ligne_id: 1, quantite: 1, etat: 'endommage' }])
    assert.deepEqual(damaged.errors, [])
    assert.equal(damaged.recues.get(1), 0)

    // Damage found on a line already received: reopened
    const later = applyReception(LIGNES, [{ ligne_id: 2, quantite: 1, etat: 'endommage' }])
    assert.equal(later.recues.get(2), 0)
    const missing = applyReception(LIGNES, [{ ligne_id: 2, quantite: 2, etat: 'manquant' }])
    assert.match(missing.errors[0], /dépasse\(nt\) les 1 commandé/)

    assert.match(
      applyReception(LIGNES, [{ ligne_id: 9, quantite: 1, etat: 'ok' }]).errors[0],
      /n’appartient pas/
    )
    assert.match(
      applyReception(LIGNES, [
        { ligne_id: 1, quantite: 1, etat: 'ok' },
        { ligne_id: 1, quantite: 1, etat: 'ok' },
      ]).errors[0],
      /une seule entrée/
    )
    assert.match(applyReception(LIGNES, []).errors[0], /au moins une ligne/)
    assert.match(
      applyReception(LIGNES, [{ ligne_id: 1, quantite: 0, etat: 'ok' }]).errors[0],
      /supérieure à zéro/
    )
  })

  test('the order statut after goods arrived', ({ assert }) => {
    const l = (q: string, r: string) => ({ quantite: q, quantite_recue: r })
    assert.equal(statutApresReception('confirmee', [l('2', '2'), l('1', '1')]), 'recue')
    assert.equal(statutApresReception('envoyee', [l('2', '1'), l('1', '0')]), 'recue_partiellement')
    assert.equal(statutApresReception('envoyee', [l('2', '0')]), 'envoyee')
    assert.equal(statutApresReception('recue', [l('2', '0')], '2026-12-01'), 'confirmee')
    assert.equal(statutApresReception('recue', [l('2', '0')], null), 'envoyee')
    assert.equal(statutApresReception('annulee', [l('2', '2')]), 'annulee')
  })

  test('late: expected after the confirmed date', ({ assert }) => {
    const today = '2026-11-24'
    assert.isTrue(
      cfEnRetard({ statut: 'confirmee', date_livraison_confirmee: '2026-11-23' }, today)
    )
    assert.isFalse(
      cfEnRetard({ statut: 'confirmee', date_livraison_confirmee: '2026-11-24' }, today)
    )
    assert.isFalse(cfEnRetard({ statut: 'recue', date_livraison_confirmee: '2026-01-01' }, today))
    assert.isFalse(cfEnRetard({ statut: 'envoyee', date_livraison_confirmee: null }, today))
  })

  test('the steps the orders move', ({ assert }) => {
    assert.equal(approvisionnementStatut([]), 'a_faire')
    assert.equal(approvisionnementStatut(['brouillon']), 'a_faire')
    assert.equal(approvisionnementStatut(['envoyee', 'brouillon']), 'en_cours')
    assert.equal(approvisionnementStatut(['confirmee', 'brouillon']), 'en_cours')
    assert.equal(approvisionnementStatut(['confirmee', 'recue', 'annulee']), 'faite')
    assert.equal(fournitureStatut(['recue', 'annulee'], true), 'faite')
    assert.equal(fournitureStatut(['recue', 'brouillon'], true), 'en_cours')
    assert.equal(fournitureStatut(['envoyee'], false), 'a_faire')
    assert.equal(fournitureStatut(['annulee'], false), 'a_faire')
  })
})
