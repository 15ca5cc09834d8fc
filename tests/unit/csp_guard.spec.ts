import { test } from '@japa/runner'
import { cspFactory } from '@adonisjs/shield/guards'
import { shieldSettings } from '#config/shield'
import { cspGuard, cspNonce } from '#services/http/csp_guard'

/** A stand-in context: the headers set on the Node answer, and what the view was given. */
function fakeContext() {
  const headers = new Map<string, string>()
  const shared: Record<string, unknown> = {}
  const ctx = {
    response: {
      request: {},
      response: { setHeader: (name: string, value: string) => headers.set(name, value) },
    },
    view: { share: (values: Record<string, unknown>) => Object.assign(shared, values) },
  } as any
  return { ctx, headers, shared }
}

const production = () => shieldSettings({ production: true, devServer: false }).csp

test.group('The CSP header, serialised once (decision 835)', () => {
  test('the same header as shield’s guard, only the nonce differs', async ({ assert }) => {
    for (const reportOnly of [false, true]) {
      const shield = fakeContext()
      await cspFactory({ ...production(), reportOnly })(shield.ctx)
      const ours = fakeContext()
      cspGuard({ ...production(), reportOnly })(ours.ctx)
      const name = reportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy'
      assert.deepEqual([...ours.headers.keys()], [name])
      const expected = shield.headers.get(name)!.replace(shield.ctx.response.nonce, 'N')
      assert.equal(ours.headers.get(name)!.replace(ours.ctx.response.nonce, 'N'), expected)
    }
  })

  test('each answer has its own nonce, in the header, on the answer and in the view', ({
    assert,
  }) => {
    const guard = cspGuard(production())
    const seen = new Set<string>()
    for (let i = 0; i < 600; i++) {
      const { ctx, headers, shared } = fakeContext()
      guard(ctx)
      const nonce = ctx.response.nonce as string
      assert.match(nonce, /^[A-Za-z0-9_-]{22}$/)
      assert.equal(ctx.response.response.nonce, nonce)
      assert.equal(shared.cspNonce, nonce)
      assert.include(headers.get('Content-Security-Policy')!, `script-src 'self' 'nonce-${nonce}'`)
      seen.add(nonce)
    }
    // 600 answers cross the pool of 256 nonces twice: none comes back
    assert.equal(seen.size, 600)
  })

  test('no header when CSP is off (the Vite dev server, the tests)', ({ assert }) => {
    const { ctx, headers } = fakeContext()
    cspGuard(shieldSettings({ production: false, devServer: true }).csp)(ctx)
    assert.equal(headers.size, 0)
  })

  test('nonces are 16 random bytes: no two alike, every byte value drawn', ({ assert }) => {
    const bytes = new Set<number>()
    const nonces = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const nonce = cspNonce()
      nonces.add(nonce)
      for (const byte of Buffer.from(nonce, 'base64url')) bytes.add(byte)
    }
    assert.equal(nonces.size, 2000)
    assert.equal(bytes.size, 256)
  })
})
