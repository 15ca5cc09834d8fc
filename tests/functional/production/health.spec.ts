/*
 * Liveness and readiness probes (issue 15 §4): public, no session, no secret in the answer.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'

test.group('Production / health probes', (group) => {
  withTransaction(group)

  test('GET /health answers {status: ok} without opening a session', async ({ client, assert }) => {
    const response = await client.get('/health')
    response.assertStatus(200)
    assert.deepEqual(response.body(), { status: 'ok' })
    // Answered before the session middleware: no cookie set, nothing stored
    assert.isUndefined(response.header('set-cookie'))
    assert.equal(response.header('cache-control'), 'no-store')
    assert.equal(response.header('x-content-type-options'), 'nosniff')
  })

  test('HEAD /health answers too; POST /health is no probe', async ({ client }) => {
    const head = await client.head('/health')
    head.assertStatus(200)
    const post = await client.post('/health')
    post.assertStatus(404)
  })

  test('GET /health/ready checks the database, the migrations and the file disk', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/health/ready')
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', files: 'ok' },
    })
    assert.isUndefined(response.header('set-cookie'))
  })

  test('a migration not run: 503 naming the check, nothing else', async ({ client, assert }) => {
    const last = await db.from('adonis_schema').orderBy('id', 'desc').firstOrFail()
    await db.from('adonis_schema').where('id', last.id).delete()
    const response = await client.get('/health/ready')
    response.assertStatus(503)
    assert.deepEqual(response.body(), {
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'pending', files: 'ok' },
    })
  })
})
