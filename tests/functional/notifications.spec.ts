/*
 * Notifications: only the user's own (404 otherwise, ASVS 8.2.2), only local redirects
 * (ASVS 3.7.2), and the shared prop the header reads.
 */
import { test } from '@japa/runner'
import { makeNotification, makeUser, minutesAgo, withTransaction } from '#tests/helpers'
import type Notification from '#models/notification'
import { errorMessage } from '#services/http/http_errors'

test.group('Notifications / open', (group) => {
  withTransaction(group)

  test('opening his own notification marks it read and follows its local link', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const notification = await makeNotification(user, { lien: '/app/offres?id=12' })
    const response = await client
      .get(`/notifications/${notification.id}`)
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/app/offres?id=12')
    await notification.refresh()
    assert.isNotNull(notification.luLe)
  })

  test('opening it again keeps the first reading time', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const readAt = minutesAgo(30)
    const notification = await makeNotification(user, { luLe: readAt })
    await client.get(`/notifications/${notification.id}`).loginAs(user).redirects(0)
    await notification.refresh()
    assert.isBelow(Math.abs(notification.luLe!.toMillis() - readAt.toMillis()), 1000)
  })

  test("another user's notification is a 404 and stays unread", async ({ client, assert }) => {
    const owner = await makeUser('pro')
    const notification = await makeNotification(owner)
    for (const role of ['other', 'pro', 'esi'] as const) {
      const intruder = await makeUser(role)
      const response = await client
        .get(`/notifications/${notification.id}`)
        .loginAs(intruder)
        .withInertia()
        .redirects(0)
      response.assertStatus(404)
      response.assertInertiaComponent('Errors/Status')
    }
    await notification.refresh()
    assert.isNull(notification.luLe)
  })

  test('an id that is not a valid number is a 404, never a 500', async ({ client }) => {
    const user = await makeUser('pro')
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3', "1' OR '1'='1"]) {
      const response = await client
        .get(`/notifications/${encodeURIComponent(id)}`)
        .loginAs(user)
        .withInertia()
        .redirects(0)
      response.assertStatus(404)
    }
  })

  test('an external or tricky stored link redirects to /dashboard (no open redirect)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    for (const lien of [
      'https://evil.example',
      'http://evil.example/dashboard',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' https://evil.example',
      '',
      null,
    ]) {
      const notification = await makeNotification(user, { lien })
      const response = await client
        .get(`/notifications/${notification.id}`)
        .loginAs(user)
        .redirects(0)
      response.assertStatus(302)
      assert.equal(response.header('location'), '/dashboard', `stored link ${JSON.stringify(lien)}`)
    }
  })

  test('a guest is sent to the login page', async ({ client }) => {
    const owner = await makeUser('pro')
    const notification = await makeNotification(owner)
    const response = await client.get(`/notifications/${notification.id}`).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })
})

test.group('Notifications / read all', (group) => {
  withTransaction(group)

  test("POST /notifications/read-all marks the user's own only", async ({ client, assert }) => {
    const user = await makeUser('pro')
    const other = await makeUser('pro')
    const mine = await Promise.all([makeNotification(user), makeNotification(user)])
    const theirs = await makeNotification(other)

    const response = await client
      .post('/notifications/read-all')
      .loginAs(user)
      .header('referer', '/dashboard')
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/dashboard')

    for (const n of mine) {
      await n.refresh()
      assert.isNotNull(n.luLe)
    }
    await theirs.refresh()
    assert.isNull(theirs.luLe)
  })

  test('read-all never redirects back to a foreign referer', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const response = await client
      .post('/notifications/read-all')
      .loginAs(user)
      .header('referer', 'https://evil.example/phish')
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    assert.notInclude(response.header('location') ?? '', 'evil.example')
  })

  test('a guest XHR read-all gets 401', async ({ client }) => {
    const guest = await client
      .post('/notifications/read-all')
      .header('X-Requested-With', 'XMLHttpRequest')
      .withCsrfToken()
      .redirects(0)
    guest.assertStatus(401)
    guest.assertBody({ message: errorMessage(401) })
  })
})

test.group('Notifications / shared prop', (group) => {
  withTransaction(group)

  test('shows the unread count and the 6 latest items, newest first', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const created: Notification[] = []
    for (let i = 0; i < 8; i++) {
      created.push(
        await makeNotification(user, {
          titre: `Notification ${i}`,
          createdAt: minutesAgo(100 - i),
          luLe: i < 3 ? minutesAgo(1) : null,
        })
      )
    }
    // Someone else's notifications count for nothing
    const other = await makeUser('pro')
    await makeNotification(other, { titre: 'Pas pour vous' })

    const response = await client.get('/dashboard').loginAs(user).withInertia()
    response.assertStatus(200)
    const prop = response.body().props.notifications
    assert.equal(prop.unread, 5)
    assert.lengthOf(prop.items, 6)
    assert.deepEqual(
      prop.items.map((n: { titre: string }) => n.titre),
      [
        'Notification 7',
        'Notification 6',
        'Notification 5',
        'Notification 4',
        'Notification 3',
        'Notification 2',
      ]
    )
    assert.deepEqual(
      prop.items.map((n: { lu: boolean }) => n.lu),
      [false, false, false, false, false, true]
    )
    assert.containSubset(prop.items[0], {
      id: created[7].id,
      lien: '/profile',
      icon: 'bi bi-bell',
      lu: false,
    })
    assert.notProperty(prop.items[0], 'user_id')
  })

  test('a user without notifications gets 0 and an empty list', async ({ client, assert }) => {
    const user = await makeUser('other')
    const response = await client.get('/dashboard').loginAs(user).withInertia()
    assert.deepEqual(response.body().props.notifications, { unread: 0, items: [] })
  })

  test('opening one lowers the unread count', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const [first] = await Promise.all([makeNotification(user), makeNotification(user)])
    await client.get(`/notifications/${first.id}`).loginAs(user).redirects(0)
    const response = await client.get('/dashboard').loginAs(user).withInertia()
    assert.equal(response.body().props.notifications.unread, 1)
  })
})
