/*
 * Issue 13 §4: a tile server configured for the planning map (MAP_TILE_URL) is allowed as an
 * image source by the CSP; without one, the CSP is the app's own (no tile origin).
 */
import { test } from '@japa/runner'
import { tileOrigin } from '#services/planning/tile_origin'
import { shieldSettings } from '#config/shield'

test.group('Planning map / tile origin in the CSP', () => {
  test('the origin of a tile template, {s} subdomains as a wildcard', ({ assert }) => {
    assert.equal(tileOrigin('https://tiles.example.be/{z}/{x}/{y}.png'), 'https://tiles.example.be')
    assert.equal(
      tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png'),
      'https://*.tile.example.org'
    )
    assert.isNull(tileOrigin(''))
    assert.isNull(tileOrigin(undefined))
    assert.isNull(tileOrigin('not a url'))
  })

  test('img-src gets the tile server only when one is configured', ({ assert }) => {
    const mode = { production: true, devServer: false }
    const before = process.env.MAP_TILE_URL
    try {
      delete process.env.MAP_TILE_URL
      const none = shieldSettings(mode).csp.directives.imgSrc
      assert.notInclude(none.join(' '), 'tiles.example.be')
      // No other origin either: the pictures are the app's own (decision 837)
      assert.deepEqual(none, [`'self'`, 'data:', 'blob:'])
      process.env.MAP_TILE_URL = 'https://tiles.example.be/{z}/{x}/{y}.png'
      assert.include(shieldSettings(mode).csp.directives.imgSrc, 'https://tiles.example.be')
      assert.deepEqual(shieldSettings(mode).csp.directives.connectSrc, [`'self'`])
    } finally {
      if (before === undefined) delete process.env.MAP_TILE_URL
      else process.env.MAP_TILE_URL = before
    }
  })
})
