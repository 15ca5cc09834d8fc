/*
 * Security headers (ASVS 3.4): what every answer carries here, and what the production shield
 * settings (CSP, HSTS) put on an answer — tests run outside production, so the production
 * settings are applied to a request by the shield guards themselves.
 */
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { cspFactory, hstsFactory } from '@adonisjs/shield/guards'
import { shieldSettings } from '#config/shield'

test.group('Security / headers', () => {
  test('every answer: Referrer-Policy, X-Frame-Options DENY, nosniff', async ({ client }) => {
    for (const url of ['/login', '/', '/no-such-page']) {
      const response = await client.get(url).redirects(0)
      response.assertHeader('referrer-policy', 'same-origin')
      response.assertHeader('x-frame-options', 'DENY')
      response.assertHeader('x-content-type-options', 'nosniff')
    }
  })

  test('production settings: CSP on with object-src/base-uri/frame-ancestors none', async ({
    assert,
  }) => {
    const settings = shieldSettings({ production: true, devServer: false })
    assert.isTrue(settings.csp.enabled)
    const ctx = await testUtils.createHttpContext()
    cspFactory(settings.csp)(ctx)
    const csp = String(ctx.response.getHeader('Content-Security-Policy'))
    assert.include(csp, "object-src 'none'")
    assert.include(csp, "base-uri 'none'")
    assert.include(csp, "frame-ancestors 'none'")
    assert.include(csp, "default-src 'self'")
    assert.notInclude(csp, "'unsafe-eval'")
    assert.notMatch(csp, /script-src[^;]*'unsafe-inline'/)
    // The root view's inline script carries the request's nonce; no unresolved @keyword is left
    assert.match(csp, /script-src 'self' 'nonce-[^']+'/)
    assert.notInclude(csp, '@')
  })

  test('production settings: HSTS for 365 days with subdomains; none outside production', async ({
    assert,
  }) => {
    const production = await testUtils.createHttpContext()
    hstsFactory(shieldSettings({ production: true, devServer: false }).hsts)(production)
    assert.equal(
      production.response.getHeader('Strict-Transport-Security'),
      'max-age=31536000; includeSubDomains'
    )
    const development = await testUtils.createHttpContext()
    hstsFactory(shieldSettings({ production: false, devServer: true }).hsts)(development)
    assert.notExists(development.response.getHeader('Strict-Transport-Security'))
  })
})
