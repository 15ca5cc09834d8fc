/*
 * X-Forwarded-For is trusted only from TRUSTED_PROXIES (.env.test: 192.0.2.10, so the test
 * client is an ordinary peer): a forged, rotating header neither lifts the login limit nor
 * forges the audit IP (issue 10 §3).
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import AuditLog from '#models/audit_log'

test.group('Security / trusted proxies', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a forged X-Forwarded-For from a non-proxy is limited and audited under its real IP', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const statuses: number[] = []
    for (let i = 1; i <= 6; i++) {
      const response = await client
        .post('/login')
        .header('x-forwarded-for', `203.0.113.${i}`)
        .header('accept', 'application/json')
        .json({ email: user.email, password: `faux-${i}` })
        .withCsrfToken()
        .redirects(0)
      statuses.push(response.status())
    }
    assert.equal(statuses[5], 429)
    const rows = await AuditLog.query()
      .whereIn('action', ['auth.login_failed', 'auth.login_throttled'])
      .whereRaw(`after->>'email' = ?`, [user.email])
    assert.lengthOf(rows, 6)
    for (const row of rows) assert.notInclude(String(row.ip), '203.0.113.')
    assert.include(['127.0.0.1', '::1', '::ffff:127.0.0.1'], String(rows[0].ip))
  })
})
