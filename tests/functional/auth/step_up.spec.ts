/*
 * Step-up (DESIGN.md §4): switching droit admin on asks for a second factor given in the last
 * 15 minutes; the API answers 403 with step_up_url, the StepUpTwoFactor page takes the code and
 * comes back to the page that asked.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { totpOf, Visitor, wrongTotpOf } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import {
  PASSWORD_CONFIRMED_KEY,
  STEP_UP_KEY,
  STEP_UP_TIMEOUT_MS,
} from '#services/http/auth_session'
import { StepUpRequiredException } from '#exceptions/http_exceptions'
import { BAD_CODE_MESSAGE } from '#controllers/auth/two_factor_challenge_controller'

const confirmed = () => ({ [PASSWORD_CONFIRMED_KEY]: Date.now() })

function switchDroit(
  client: any,
  user: User,
  droit: string | null,
  session: Record<string, unknown>
) {
  return client
    .put('/api/user/role')
    .loginAs(user)
    .withSession(session)
    .header('referer', '/test-access')
    .json({ droit })
    .withCsrfToken()
}

const admin = () => makeUser('esi', { droitsAccordes: ['admin'] })

test.group('Two-factor / step-up before droit admin', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('without a recent step-up: 403 JSON in French with step_up_url, nothing changed', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const response = await switchDroit(client, user, 'admin', confirmed())
    response.assertStatus(403)
    response.assertBody({ message: StepUpRequiredException.message, step_up_url: '/user/step-up' })
    await user.refresh()
    assert.isNull(user.droit)
  })

  test('the step-up page takes a code, comes back, and the switch then passes', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const asked = await switchDroit(client, user, 'admin', confirmed())
    const page = await client.get('/user/step-up').withSession(asked.session()).withInertia()
    page.assertInertiaComponent('Auth/StepUpTwoFactor')
    page.assertInertiaPropsContains({ two_factor_enabled: true })

    const wrong = await client
      .post('/user/step-up')
      .withSession(asked.session())
      .header('referer', '/user/step-up')
      .form({ code: wrongTotpOf(user) })
      .withCsrfToken()
      .redirects(0)
    wrong.assertFlashMessage('inputErrorsBag', { code: [BAD_CODE_MESSAGE] })
    assert.notExists(wrong.session(STEP_UP_KEY))

    const right = await client
      .post('/user/step-up')
      .withSession(asked.session())
      .form({ code: totpOf(user) })
      .withCsrfToken()
      .redirects(0)
    right.assertHeader('location', '/test-access')
    assert.closeTo(right.session(STEP_UP_KEY) as number, Date.now(), 5000)
    const row = await AuditLog.query()
      .where('action', 'auth.step_up')
      .where('user_id', user.id)
      .first()
    assert.deepEqual(row!.after, { factor: 'totp' })

    const done = await switchDroit(client, user, 'admin', right.session())
    done.assertStatus(200)
    done.assertBody({ droit: 'admin' })
  })

  test('a step-up counts for 15 minutes', async ({ client, assert }) => {
    const user = await admin()
    const late = await switchDroit(client, user, 'admin', {
      ...confirmed(),
      [STEP_UP_KEY]: Date.now() - STEP_UP_TIMEOUT_MS - 1000,
    })
    late.assertStatus(403)
    await user.refresh()
    assert.isNull(user.droit)
    const inTime = await switchDroit(client, user, 'admin', {
      ...confirmed(),
      [STEP_UP_KEY]: Date.now() - STEP_UP_TIMEOUT_MS + 60_000,
    })
    inTime.assertStatus(200)
  })

  test('switching admin off needs no step-up', async ({ client }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const response = await switchDroit(client, user, null, confirmed())
    response.assertStatus(200)
    response.assertBody({ droit: null })
  })

  test('without two-factor the step-up page says to turn it on first', async ({ client }) => {
    const user = await makeUser('pro')
    const page = await client.get('/user/step-up').loginAs(user).withInertia()
    page.assertInertiaPropsContains({ two_factor_enabled: false })
  })

  test('the code given at login counts as a step-up (real browser session)', async ({ assert }) => {
    const user = await admin()
    const browser = new Visitor()
    const login = await browser.login(user.email, TEST_PASSWORD)
    assert.equal(login.headers.get('location'), '/two-factor-challenge')
    const done = await browser.post('/two-factor-challenge', { code: totpOf(user) })
    assert.equal(done.headers.get('location'), '/dashboard')
    const response = await browser.request(
      'PUT',
      '/api/user/role',
      { droit: 'admin' },
      {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      }
    )
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { droit: 'admin' })
  })
})
