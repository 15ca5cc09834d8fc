/*
 * Forgot / reset password (ASVS 6.4): the same answer whether the address has an account or
 * not, a token stored hashed, single use, 60 minutes, one email a minute per address, every
 * session of the user ended after the reset, and no login past two-factor.
 */
import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { SessionCollection } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, linkIn, mailsTo, Visitor } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import PasswordResetToken from '#models/password_reset_token'
import { RESET_LINK_SENT_MESSAGE } from '#controllers/auth/forgot_password_controller'
import {
  INVALID_RESET_LINK,
  PASSWORD_RESET_DONE,
} from '#controllers/auth/reset_password_controller'
import { RESET_PASSWORD_SUBJECT } from '#mails/reset_password_notification'
import { endAllSessions } from '#services/end_sessions'

const NEW_PASSWORD = 'un-tout-nouveau-mot-de-passe'

function forgot(client: any, email: string) {
  return client
    .post('/forgot-password')
    .header('referer', '/forgot-password')
    .form({ email })
    .withCsrfToken()
    .redirects(0)
}

function reset(client: any, token: string, password = NEW_PASSWORD) {
  return client
    .post('/reset-password')
    .header('referer', `/reset-password/${token}`)
    .form({ token, password, password_confirmation: password })
    .withCsrfToken()
    .redirects(0)
}

/** Asks for a link and returns the token of the emailed link. */
async function tokenFor(client: any, user: User): Promise<string> {
  await forgot(client, user.email)
  const mail = await lastMailTo(user.email)
  if (!mail) throw new Error('no reset email')
  return linkIn(mail).replace('/reset-password/', '')
}

test.group('Auth / forgot password', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a known address gets a French email with a link; the token is stored hashed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const response = await forgot(client, user.email.toUpperCase())
    response.assertHeader('location', '/forgot-password')
    response.assertFlashMessage('success', RESET_LINK_SENT_MESSAGE)

    const mail = await lastMailTo(user.email)
    assert.equal(mail!.subject, RESET_PASSWORD_SUBJECT)
    assert.include(mail!.html!, 'Réinitialiser mon mot de passe')
    assert.include(mail!.text!, 'valable 60 minutes')
    const token = linkIn(mail!).replace('/reset-password/', '')
    assert.isAtLeast(Buffer.from(token, 'base64url').length, 32)

    const rows = await PasswordResetToken.query().where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].tokenHash, createHash('sha256').update(token).digest('hex'))
    assert.notInclude(JSON.stringify(await db.from('password_reset_tokens')), token)
    const minutes = rows[0].expiresAt.diff(DateTime.now(), 'minutes').minutes
    assert.closeTo(minutes, 60, 1)
    assert.isNotNull(
      await AuditLog.query()
        .where('action', 'auth.password_reset_requested')
        .where('user_id', user.id)
        .first()
    )
  })

  test('an unknown address gets the very same answer and no email', async ({ client, assert }) => {
    const known = await makeUser('pro')
    const a = await forgot(client, known.email)
    const b = await forgot(client, 'personne.inconnue@example.com')
    assert.equal(b.status(), a.status())
    assert.equal(b.header('location'), a.header('location'))
    assert.deepEqual(b.flashMessages(), a.flashMessages())
    assert.equal(await mailsTo('personne.inconnue@example.com'), 0)
  })

  test('one link a minute per address, for unknown addresses too; another address is not held', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    await forgot(client, user.email)
    const again = await forgot(client, user.email)
    assert.match(
      String((again.flashMessage('inputErrorsBag') as any)?.email?.[0]),
      /^Veuillez patienter \d+ secondes/
    )
    assert.equal(await mailsTo(user.email), 1)

    await forgot(client, 'fantome@example.com')
    const ghost = await forgot(client, 'fantome@example.com')
    assert.match(
      String((ghost.flashMessage('inputErrorsBag') as any)?.email?.[0]),
      /^Veuillez patienter/
    )

    const other = await makeUser('pro')
    const fine = await forgot(client, other.email)
    fine.assertFlashMessage('success', RESET_LINK_SENT_MESSAGE)
  })
})

test.group('Auth / reset password', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the link sets a new password, once; it does not log in', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const token = await tokenFor(client, user)
    const page = await client.get(`/reset-password/${token}`).withInertia()
    page.assertInertiaComponent('Auth/ResetPassword')
    page.assertInertiaPropsContains({ token, valid: true })

    const response = await reset(client, token)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('success', PASSWORD_RESET_DONE)
    assert.notExists(response.session('auth_web'))
    const changed = await User.verifyCredentials(user.email, NEW_PASSWORD)
    assert.equal(changed.id, user.id)
    assert.isNotNull(
      await AuditLog.query()
        .where('action', 'auth.password_reset')
        .where('user_id', user.id)
        .first()
    )

    // Used: the page says so and a second reset is refused
    const reused = await client.get(`/reset-password/${token}`).withInertia()
    reused.assertInertiaPropsContains({ valid: false })
    const twice = await reset(client, token, 'encore-un-autre-mot-de-passe')
    twice.assertFlashMessage('inputErrorsBag', { token: [INVALID_RESET_LINK] })
    await User.verifyCredentials(user.email, NEW_PASSWORD)
  })

  test('a link older than 60 minutes is refused', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const token = await tokenFor(client, user)
    await PasswordResetToken.query()
      .where('user_id', user.id)
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toSQL() })
    const page = await client.get(`/reset-password/${token}`).withInertia()
    page.assertInertiaPropsContains({ valid: false })
    const response = await reset(client, token)
    response.assertFlashMessage('inputErrorsBag', { token: [INVALID_RESET_LINK] })
    await user.refresh()
    assert.isTrue(await user.verifyPassword(TEST_PASSWORD))
  })

  test('a new request makes the previous link useless; a made-up token is refused', async ({
    client,
  }) => {
    const user = await makeUser('pro')
    const first = await tokenFor(client, user)
    await limiter.clear()
    await tokenFor(client, user)
    const older = await reset(client, first)
    older.assertFlashMessage('inputErrorsBag', { token: [INVALID_RESET_LINK] })
    const madeUp = await reset(client, 'x'.repeat(43))
    madeUp.assertFlashMessage('inputErrorsBag', { token: [INVALID_RESET_LINK] })
  })

  test('after a reset every session of the user is over, remember-me tokens too', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const laptop = new Visitor()
    const phone = new Visitor()
    await laptop.login(user.email, TEST_PASSWORD, true)
    await phone.login(user.email, TEST_PASSWORD)
    assert.equal(await laptop.statusOf('/dashboard'), 200)
    assert.equal(await phone.statusOf('/dashboard'), 200)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 1)

    const stranger = new Visitor()
    await stranger.get('/forgot-password')
    await stranger.post('/forgot-password', { email: user.email })
    const token = linkIn((await lastMailTo(user.email))!).replace('/reset-password/', '')
    const done = await stranger.post('/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    assert.equal(done.headers.get('location'), '/login')

    for (const browser of [laptop, phone]) {
      const after = await browser.page('/dashboard')
      assert.equal(after.status, 302)
      assert.equal(after.location, '/login')
    }
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
  })

  test('with two-factor on, logging in after a reset still asks for the code', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const token = await tokenFor(client, user)
    const response = await reset(client, token)
    assert.notExists(response.session('auth_web'))
    const login = await client
      .post('/login')
      .form({ email: user.email, password: NEW_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    login.assertHeader('location', '/two-factor-challenge')
    assert.notExists(login.session('auth_web'))
  })

  test('ending all sessions in the database store deletes the rows of that user only', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const other = await makeUser('pro')
    const resolved = (await configProvider.resolve<ResolvedSessionConfig>(
      app,
      app.config.get('session')
    ))!
    const config = { ...resolved, store: 'database' }
    const store = config.stores.database(null as any, config) as any
    for (const [id, owner] of [
      ['s-user-1', user],
      ['s-user-2', user],
      ['s-other', other],
    ] as const) {
      await store.write(id, { auth_web: owner.id })
      await store.tag(id, String(owner.id))
    }
    const ended = await endAllSessions(user.id, new SessionCollection(config))
    assert.equal(ended, 2)
    const rows = await db.from('sessions').select('id', 'user_id').orderBy('id')
    assert.deepEqual(rows, [{ id: 's-other', user_id: String(other.id) }])
  })
})
