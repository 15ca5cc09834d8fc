/*
 * UpdatePasswordForm: the current password first, a new one of 8 to 128 characters with its
 * confirmation (French messages), then every other session of the user ends while this one
 * goes on.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { Visitor } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import {
  PASSWORD_CHANGED_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from '#controllers/profile/password_controller'
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '#actions/profile/check_current_password'
import { PASSWORD_RULES_MESSAGE } from '#validators/profile'

const NEW_PASSWORD = 'une-phrase-de-passe-neuve'

function change(client: any, user: User, body: Record<string, unknown>) {
  return client
    .put('/profile/password')
    .loginAs(user)
    .header('referer', '/profile')
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

test.group('Profile / password', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a wrong current password: French error next to it, nothing changed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const response = await change(client, user, {
      current_password: 'pas-le-bon',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    response.assertStatus(302)
    response.assertHeader('location', '/profile')
    response.assertFlashMessage('inputErrorsBag', {
      current_password: [WRONG_CURRENT_PASSWORD_MESSAGE],
    })
    // Secrets are never flashed back
    response.assertFlashMissing('password')
    response.assertFlashMissing('current_password')
    await user.refresh()
    assert.isTrue(await user.verifyPassword(TEST_PASSWORD))
  })

  test('length rules and confirmation, in French', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const short = await change(client, user, {
      current_password: TEST_PASSWORD,
      password: 'court',
      password_confirmation: 'court',
    })
    short.assertFlashMessage('inputErrorsBag', { password: [PASSWORD_RULES_MESSAGE] })
    const long = await change(client, user, {
      current_password: TEST_PASSWORD,
      password: 'x'.repeat(129),
      password_confirmation: 'x'.repeat(129),
    })
    long.assertFlashMessage('inputErrorsBag', { password: [PASSWORD_RULES_MESSAGE] })
    const mismatch = await change(client, user, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: 'autre-chose-encore',
    })
    const errors = mismatch.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.deepEqual(Object.values(errors).flat(), [
      'La confirmation ne correspond pas au nouveau mot de passe.',
    ])
    const missing = await change(client, user, { password: NEW_PASSWORD })
    assert.deepEqual(
      (missing.flashMessage('inputErrorsBag') as Record<string, string[]>).current_password,
      ['Saisissez votre mot de passe actuel.']
    )
    const same = await change(client, user, {
      current_password: TEST_PASSWORD,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    })
    same.assertFlashMessage('inputErrorsBag', { password: [SAME_PASSWORD_MESSAGE] })
    await user.refresh()
    assert.isTrue(await user.verifyPassword(TEST_PASSWORD))
  })

  test('guessing through the form is limited like the password confirmation', async ({
    client,
  }) => {
    const user = await makeUser('pro')
    for (let i = 0; i < 5; i++) {
      await change(client, user, {
        current_password: `faux-${i}`,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
    }
    const blocked = await change(client, user, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    const message = (blocked.flashMessage('inputErrorsBag') as any).current_password[0]
    if (!/^Trop de tentatives/.test(message)) throw new Error(`not throttled: ${message}`)
  })

  test('the new password works, other sessions end, this one goes on', async ({ assert }) => {
    const user = await makeUser('pro')
    const here = new Visitor()
    const laptop = new Visitor()
    const phone = new Visitor()
    await here.login(user.email, TEST_PASSWORD, true)
    await laptop.login(user.email, TEST_PASSWORD, true)
    await phone.login(user.email, TEST_PASSWORD)
    for (const browser of [here, laptop, phone]) {
      assert.equal(await browser.statusOf('/dashboard'), 200)
    }
    const tokensBefore = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(tokensBefore, 2)
    const sessions = await app.container.make(SessionCollection)
    assert.lengthOf(await sessions.tagged(String(user.id)), 3)

    await here.get('/profile')
    const before = here.cookie('esi-session')
    const done = await here.request(
      'PUT',
      '/profile/password',
      {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
      { referer: `${here.base}/profile` }
    )
    assert.equal(done.status, 302)
    assert.equal(done.headers.get('location'), '/profile')
    // A new session id for this browser, still logged in, with the success toast
    assert.notEqual(here.cookie('esi-session'), before)
    const profile = await here.page('/profile')
    assert.equal(profile.status, 200)
    assert.equal(profile.props?.flash.success, PASSWORD_CHANGED_MESSAGE)

    for (const browser of [laptop, phone]) {
      const after = await browser.page('/dashboard')
      assert.equal(after.status, 302)
      assert.equal(after.location, '/login')
    }
    // The remember-me tokens are all gone but a new one for this browser, which had one
    const tokensAfter = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(tokensAfter, 1)
    assert.notIncludeMembers(
      tokensBefore.map((t) => t.id),
      tokensAfter.map((t) => t.id)
    )
    // Only this browser's new session is left in the store
    assert.lengthOf(await sessions.tagged(String(user.id)), 1)

    await user.refresh()
    assert.isTrue(await user.verifyPassword(NEW_PASSWORD))
    assert.isFalse(await user.verifyPassword(TEST_PASSWORD))
    assert.exists(
      await AuditLog.query()
        .where('action', 'profile.password_changed')
        .where('user_id', user.id)
        .first()
    )
    // The old password no longer opens a session
    const again = new Visitor()
    const login = await again.login(user.email, TEST_PASSWORD)
    assert.notEqual(login.headers.get('location'), '/dashboard')
    const fresh = await new Visitor().login(user.email, NEW_PASSWORD)
    assert.equal(fresh.headers.get('location'), '/dashboard')
  })
})
