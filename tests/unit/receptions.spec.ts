/*
 * Issue 12 §5: the links of the technician's page are built from the address alone (no request):
 * the maps itinerary and the geo: URI, encoded; the dimensions as printed on the PV.
 */
import { test } from '@japa/runner'
import { dimensions, geoUri, navigationUrl } from '#shared/receptions'

test.group('Réception / shared helpers', () => {
  test('navigation link: encoded address, none without one', ({ assert }) => {
    assert.equal(
      navigationUrl(' Rue de Fer 12, 5000 Namur '),
      'https://www.google.com/maps/dir/?api=1&destination=Rue%20de%20Fer%2012%2C%205000%20Namur'
    )
    assert.equal(
      navigationUrl('Chaussée d’Ixelles & Co #3'),
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('Chaussée d’Ixelles & Co #3')}`
    )
    assert.isNull(navigationUrl('  '))
    assert.isNull(navigationUrl(null))
  })

  test('geo: URI with coordinates, else the address as query', ({ assert }) => {
    assert.equal(
      geoUri('Rue de Fer 12', 50.4669, 4.8675),
      'geo:50.4669,4.8675?q=50.4669,4.8675(Rue%20de%20Fer%2012)'
    )
    assert.equal(geoUri('Rue de Fer 12'), 'geo:0,0?q=Rue%20de%20Fer%2012')
    assert.equal(geoUri('Rue de Fer 12', null, 4.8), 'geo:0,0?q=Rue%20de%20Fer%2012')
    assert.isNull(geoUri(null))
  })

  test('dimensions', ({ assert }) => {
    assert.equal(
      dimensions({ largeur_mm: 1200, hauteur_mm: 980 }).replace(/\s/g, ' '),
      '1 200 × 980 mm'
    )
    assert.equal(
      dimensions({ largeur_mm: null, hauteur_mm: 2150 }).replace(/\s/g, ' '),
      '? × 2 150 mm'
    )
    assert.equal(dimensions({ largeur_mm: null, hauteur_mm: null }), '—')
  })
})
