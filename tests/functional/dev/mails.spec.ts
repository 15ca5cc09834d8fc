/*
 * The development mailbox: every email of the app is kept under storage/mails (tests:
 * storage/mails/test) and readable at /dev/mails, from the machine itself only.
 */
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo } from '#tests/auth_helpers'
import DevOnlyMiddleware from '#middleware/dev_only_middleware'
import { RESET_PASSWORD_SUBJECT } from '#mails/reset_password_notification'

test.group('Dev / kept emails', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the list shows the kept emails, newest first; one opens with HTML and text', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken().redirects(0)
    const kept = await lastMailTo(user.email)

    const list = await client.get('/dev/mails').withInertia()
    list.assertInertiaComponent('Dev/Mails')
    const first = list.body().props.mails[0]
    assert.equal(first.id, kept!.id)
    assert.deepEqual(first.to, [user.email])
    assert.equal(first.subject, RESET_PASSWORD_SUBJECT)
    assert.notProperty(first, 'html')

    const one = await client.get(`/dev/mails/${kept!.id}`).withInertia()
    const selected = one.body().props.selected
    assert.include(selected.html, '<!DOCTYPE html>')
    assert.include(selected.text, '/reset-password/')
  })

  test('an unknown or malformed id is a 404 (no path traversal)', async ({ client }) => {
    for (const id of ['1700000000000-000000000000', '..%2F..%2Fpackage', 'x']) {
      const response = await client.get(`/dev/mails/${id}`).withInertia()
      response.assertStatus(404)
    }
  })

  test('another machine gets a 404', async ({ assert }) => {
    const ctx = await testUtils.createHttpContext()
    ctx.request.ip = () => '203.0.113.7'
    let nextCalled = false
    await assert.rejects(
      () => new DevOnlyMiddleware().handle(ctx, async () => void (nextCalled = true)),
      /introuvable/
    )
    assert.isFalse(nextCalled)
    const local = await testUtils.createHttpContext()
    local.request.ip = () => '127.0.0.1'
    await new DevOnlyMiddleware().handle(local, async () => void (nextCalled = true))
    assert.isTrue(nextCalled)
  })
})
