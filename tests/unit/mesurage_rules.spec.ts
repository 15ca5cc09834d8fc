/*
 * Issue 12 §2: the designation parser (« L × H cm|mm », colour, glazing), which quoted lines are
 * measured, and THE écart rule (dimension beyond ± tolerance, changed option, quantity).
 */
import { test } from '@japa/runner'
import {
  ecartLigneRetiree,
  ecartsLigne,
  ligneAMesurer,
  parseCouleur,
  parseDimensions,
  parseMillimetres,
  parseQuantite,
  parseVitrage,
  referenceFromDesignation,
} from '#shared/mesurage'

test.group('Mesurage / designation parser', () => {
  test('L × H with ×, x, X, * and cm, mm, m, or no unit', ({ assert }) => {
    const cases: [string, [number, number] | null][] = [
      ['Châssis PVC oscillo-battant 1 vantail 60 × 120 cm, blanc', [600, 1200]],
      ['Fenêtre 1000x1400 mm', [1000, 1400]],
      ['Fenêtre 100 X 140cm', [1000, 1400]],
      ['Store banne motorisé 4 × 3 m, toile acrylique', [4000, 3000]],
      ['Fenêtre PVC 120×140', [1200, 1400]],
      ['Baie 2400*2150', [2400, 2150]],
      ['Châssis 60,5 × 120 cm', [605, 1200]],
      ['Porte d’entrée aluminium, serrure automatique 5 points', null],
      ['Double vitrage 4/16/4 argon', null],
      ['Huisserie 0 × 0 cm', null],
    ]
    for (const [text, expected] of cases) {
      const got = parseDimensions(text)
      assert.deepEqual(got ? [got.largeur_mm, got.hauteur_mm] : null, expected, text)
    }
  })

  test('colour and glazing from known words, accents and case ignored', ({ assert }) => {
    assert.equal(parseCouleur('Châssis PVC 60 × 120 cm, blanc'), 'blanc')
    assert.equal(parseCouleur('Châssis aluminium 1 vantail, RAL 7016'), 'anthracite')
    assert.equal(parseCouleur('Teinte ANTHRACITE'), 'anthracite')
    assert.equal(parseCouleur('Porte chêne doré'), 'chêne doré')
    assert.isNull(parseCouleur('Blancheur éclatante'))
    assert.isNull(parseCouleur('Porte de garage sectionnelle'))
    assert.equal(parseVitrage('Châssis PVC fixe, double vitrage'), 'double vitrage')
    assert.equal(parseVitrage('Porte d’entrée chêne massif, vitrage feuilleté'), 'feuilleté')
    assert.isNull(parseVitrage('Châssis PVC 2 vantaux'))
    assert.deepEqual(referenceFromDesignation('Coulissant aluminium 240 × 215 cm, blanc', 2), {
      largeur_mm: 2400,
      hauteur_mm: 2150,
      couleur: 'blanc',
      vitrage: null,
      sens_ouverture: 'coulissant',
      quantite: 2,
    })
  })

  test('which quoted lines are measured (decision 331)', ({ assert }) => {
    const line = (over: Record<string, unknown>) => ({
      type: 'produit',
      unite: 'piece',
      categorie: 'Châssis PVC',
      produit_id: 1,
      designation: 'Châssis PVC 2 vantaux 140 × 140 cm',
      ...over,
    })
    assert.isTrue(ligneAMesurer(line({})))
    assert.isTrue(ligneAMesurer(line({ unite: 'm2', designation: 'Châssis PVC fixe' })))
    assert.isFalse(ligneAMesurer(line({ type: 'texte' })))
    assert.isFalse(ligneAMesurer(line({ unite: 'heure' })))
    assert.isFalse(ligneAMesurer(line({ unite: 'ml' })))
    assert.isFalse(ligneAMesurer(line({ unite: 'forfait' })))
    assert.isFalse(ligneAMesurer(line({ categorie: 'Pose' })))
    assert.isFalse(ligneAMesurer(line({ categorie: 'Main d’œuvre' })))
    assert.isFalse(ligneAMesurer(line({ categorie: 'Quincaillerie' })))
    assert.isFalse(ligneAMesurer(line({ categorie: 'Déplacement' })))
    assert.isFalse(
      ligneAMesurer(line({ designation: 'Supplément teinte PVC plaxé anthracite (RAL 7016)' }))
    )
    // Typed by hand: measured when it gives a size
    assert.isTrue(ligneAMesurer(line({ produit_id: null, categorie: null })))
    assert.isFalse(
      ligneAMesurer(line({ produit_id: null, categorie: null, designation: 'Pose et finitions' }))
    )
  })

  test('typed values: millimetres and quantities', ({ assert }) => {
    assert.equal(parseMillimetres(' 1 205 '), 1205)
    assert.isNull(parseMillimetres('12,5'))
    assert.isNull(parseMillimetres('0'))
    assert.isNull(parseMillimetres('abc'))
    assert.isNull(parseMillimetres('1000000'))
    assert.equal(parseQuantite('1,5'), 1.5)
    assert.isNull(parseQuantite('0'))
    assert.isNull(parseQuantite('-1'))
  })
})

test.group('Mesurage / the écart rule', () => {
  const reference = {
    largeur_mm: 600,
    hauteur_mm: 1200,
    couleur: 'blanc',
    vitrage: 'double vitrage',
    sens_ouverture: null,
    quantite: 2,
  }
  const mesure = {
    bdc_ligne_id: 7,
    largeur_mm: 600,
    hauteur_mm: 1200,
    couleur: 'Blanc',
    vitrage: 'double vitrage',
    sens_ouverture: 'oscillo_battant_gauche',
    quantite: 2,
  }

  test('within the tolerance, same options (case and accents aside): no écart', ({ assert }) => {
    assert.deepEqual(
      ecartsLigne({ ...mesure, largeur_mm: 610, hauteur_mm: 1190 }, reference, 10),
      []
    )
    // A value the devis did not state is never a difference
    assert.deepEqual(ecartsLigne(mesure, { quantite: 2 }, 10), [])
  })

  test('beyond the tolerance, changed options, quantity', ({ assert }) => {
    const ecarts = ecartsLigne(
      { ...mesure, largeur_mm: 611, hauteur_mm: 1180, couleur: 'anthracite', quantite: 1 },
      { ...reference, sens_ouverture: 'oscillo_battant_droite' },
      10
    )
    assert.deepEqual(
      ecarts.map((e) => e.champ),
      ['largeur_mm', 'hauteur_mm', 'couleur', 'sens_ouverture', 'quantite']
    )
    assert.equal(
      ecarts[0].message,
      'Largeur : 611 mm mesurés pour 600 mm au devis (écart +11 mm, tolérance ±10 mm).'
    )
    assert.include(ecarts[1].message, 'écart −20 mm')
    assert.equal(ecarts[2].message, 'Couleur : « anthracite » au lieu de « blanc » au devis.')
    assert.equal(
      ecarts[3].message,
      'Sens d’ouverture : « Oscillo-battant gauche » au lieu de « Oscillo-battant droite » au devis.'
    )
    assert.equal(ecarts[4].message, 'Quantité : 1 au lieu de 2 au devis.')
    // Tolerance 0: one millimetre is a difference
    assert.lengthOf(ecartsLigne({ ...mesure, largeur_mm: 601 }, reference, 0), 1)
  })

  test('an item added on site, an item removed', ({ assert }) => {
    const added = ecartsLigne({ ...mesure, bdc_ligne_id: null }, {}, 10)
    assert.deepEqual(
      added.map((e) => e.champ),
      ['ligne']
    )
    assert.equal(added[0].message, 'Élément ajouté sur chantier : absent du devis.')
    assert.equal(
      ecartLigneRetiree('Porte 100 × 215 cm', 1).message,
      'Élément du devis retiré de la feuille : « Porte 100 × 215 cm » (quantité 1).'
    )
  })
})
