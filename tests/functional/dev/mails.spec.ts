/*
 * The development mailbox: every email of the app is kept under storage/mails (tests:
 * storage/mails/test) and readable at /dev/mails, from the machine itself only, by staff only
 * and only while mails are kept (MAIL_MAILER=file).
 */
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
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
    const esi = await makeUser('esi')

    const list = await client.get('/dev/mails').loginAs(esi).withInertia()
    list.assertInertiaComponent('Dev/Mails')
    const first = list.body().props.mails[0]
    assert.equal(first.id, kept!.id)
    assert.deepEqual(first.to, [user.email])
    assert.equal(first.subject, RESET_PASSWORD_SUBJECT)
    assert.notProperty(first, 'html')

    const one = await client.get(`/dev/mails/${kept!.id}`).loginAs(esi).withInertia()
    const selected = one.body().props.selected
    assert.include(selected.html, '<!DOCTYPE html>')
    assert.include(selected.text, '/reset-password/')
  })

  test('an unknown or malformed id is a 404 (no path traversal)', async ({ client }) => {
    const esi = await makeUser('esi')
    for (const id of ['1700000000000-000000000000', '..%2F..%2Fpackage', 'x']) {
      const response = await client.get(`/dev/mails/${id}`).loginAs(esi).withInertia()
      response.assertStatus(404)
    }
  })

  test('a guest and a pro get a 404, staff gets the mailbox', async ({ client, assert }) => {
    const user = await makeUser('pro')
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken().redirects(0)
    const kept = await lastMailTo(user.email)
    for (const path of ['/dev/mails', `/dev/mails/${kept!.id}`]) {
      const guest = await client.get(path).redirects(0)
      guest.assertStatus(404)
      const pro = await client.get(path).loginAs(user).redirects(0)
      pro.assertStatus(404)
      assert.notInclude(pro.text(), '/reset-password/')
      const staff = await client
        .get(path)
        .loginAs(await makeUser('esi'))
        .withInertia()
      staff.assertStatus(200)
    }
    // Staff acting as a pro (access role) is not staff here
    const acting = await makeUser('esi', { accesRole: 'pro' })
    const response = await client.get('/dev/mails').loginAs(acting).redirects(0)
    response.assertStatus(404)
  })

  test('when mails are not kept (MAIL_MAILER=smtp), the page is a 404 even for staff', async ({
    client,
  }) => {
    const esi = await makeUser('esi')
    env.set('MAIL_MAILER', 'smtp')
    try {
      const response = await client.get('/dev/mails').loginAs(esi).redirects(0)
      response.assertStatus(404)
    } finally {
      env.set('MAIL_MAILER', 'file')
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
    Object.assign(local, { auth: { user: await makeUser('esi') } })
    await new DevOnlyMiddleware().handle(local, async () => void (nextCalled = true))
    assert.isTrue(nextCalled)
  })
})
