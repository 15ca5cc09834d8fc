/*
 * Two-factor settings and the staff rule (DESIGN.md §4): an esi without two-factor is sent to
 * TwoFactorRequired from every page of his area, sets it up there (secret encrypted at rest,
 * QR code, confirmation code, 8 recovery codes stored hashed and shown once), then continues.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import hash from '@adonisjs/core/services/hash'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { totpOf, wrongTotpOf } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import { currentCode, decryptTotpSecret } from '#services/two_factor'
import { TwoFactorRequiredException } from '#exceptions/http_exceptions'
import { BAD_CODE_MESSAGE } from '#controllers/auth/two_factor_challenge_controller'
import { WRONG_PASSWORD_MESSAGE } from '#controllers/auth/confirm_password_controller'

const FROM_SETUP_PAGE = '/two-factor-required'

function post(client: any, user: User, url: string, body: Record<string, unknown>, session = {}) {
  return client
    .post(url)
    .loginAs(user)
    .withSession({ ...recentProofs(), ...session })
    .header('referer', FROM_SETUP_PAGE)
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

async function auditCount(user: User, action: string) {
  const rows = await AuditLog.query().where('user_id', user.id).where('action', action)
  return rows.length
}

test.group('Two-factor / staff without two-factor', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('every esi page sends him to TwoFactorRequired; profile and dashboard stay open', async ({
    client,
  }) => {
    const staff = await makeUser('esi', {}, 'without2fa')
    for (const url of ['/esi/devis', '/test-access', '/app/contacts']) {
      const response = await client.get(url).loginAs(staff).withInertia().redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/two-factor-required')
    }
    const page = await client.get('/two-factor-required').loginAs(staff).withInertia()
    page.assertInertiaComponent('Auth/TwoFactorRequired')
    page.assertInertiaPropsContains({
      twoFactor: { enabled: false, pending: null, recovery_codes: null, recovery_codes_left: 0 },
    })
    for (const url of ['/profile', '/dashboard']) {
      const open = await client.get(url).loginAs(staff).withInertia().redirects(0)
      open.assertStatus(200)
    }
  })

  test('an API call of his answers 403 JSON in French with where to go', async ({ client }) => {
    const staff = await makeUser('esi', {}, 'without2fa')
    const response = await client
      .put('/api/user/acces-role')
      .loginAs(staff)
      .json({ role: 'pro' })
      .withCsrfToken()
    response.assertStatus(403)
    response.assertBody({ message: TwoFactorRequiredException.message, two_factor_url: '/profile' })
  })

  test('the inline setup: QR code, confirmation, recovery codes once, then the page asked for', async ({
    client,
    assert,
  }) => {
    const staff = await makeUser('esi', {}, 'without2fa')
    const gate = await client.get('/esi/devis').loginAs(staff).withInertia().redirects(0)
    const session = gate.session()

    const enabled = await post(client, staff, '/user/two-factor-authentication', {}, session)
    enabled.assertHeader('location', FROM_SETUP_PAGE)
    await staff.refresh()
    const secret = decryptTotpSecret(staff.twoFactorSecret)!
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.notInclude(staff.twoFactorSecret!, secret, 'the secret is stored in clear')
    assert.isNull(staff.twoFactorConfirmedAt)

    const pending = await client
      .get('/two-factor-required')
      .loginAs(staff)
      .withSession(session)
      .withInertia()
    const status = pending.body().props.twoFactor
    assert.equal(status.pending.secret, secret)
    assert.match(status.pending.qr_svg, /^<svg[\s\S]*<\/svg>\s*$/)
    assert.isFalse(status.enabled)

    // A wrong code does not turn it on
    await staff.refresh()
    const wrong = await post(
      client,
      staff,
      '/user/confirmed-two-factor-authentication',
      { code: wrongTotpOf(staff) },
      session
    )
    wrong.assertFlashMessage('inputErrorsBag', { code: [BAD_CODE_MESSAGE] })
    await staff.refresh()
    assert.isNull(staff.twoFactorConfirmedAt)

    const confirmed = await post(
      client,
      staff,
      '/user/confirmed-two-factor-authentication',
      { code: currentCode(secret) },
      session
    )
    await staff.refresh()
    assert.isNotNull(staff.twoFactorConfirmedAt)
    const codes = confirmed.flashMessage('two_factor_recovery_codes') as string[]
    assert.lengthOf(codes, 8)
    for (const code of codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/)
    assert.lengthOf(staff.twoFactorRecoveryCodes!, 8)
    assert.notInclude(JSON.stringify(staff.twoFactorRecoveryCodes), codes[0])
    assert.isTrue(await hash.verify(staff.twoFactorRecoveryCodes![0], codes[0]))
    assert.equal(await auditCount(staff, 'auth.two_factor_enabled'), 1)

    // Shown once, with the way on to the page he asked for
    const shown = await client
      .get('/two-factor-required')
      .loginAs(staff)
      .withSession(session)
      .withFlashMessages(confirmed.flashMessages())
      .withInertia()
    shown.assertInertiaPropsContains({ next: '/esi/devis' })
    assert.deepEqual(shown.body().props.twoFactor.recovery_codes, codes)
    const later = await client
      .get('/two-factor-required')
      .loginAs(staff)
      .withSession(session)
      .withInertia()
      .redirects(0)
    later.assertHeader('location', '/esi/devis')
    const esi = await client.get('/esi/devis').loginAs(staff).withInertia()
    esi.assertStatus(200)
  })
})

test.group('Two-factor / settings of an enabled account', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('regenerating the recovery codes: 8 new ones, the old ones stop working', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const regenerate = async () => {
      const response = await post(client, user, '/user/two-factor-recovery-codes', {})
      return response.flashMessage('two_factor_recovery_codes') as string[]
    }
    const first = await regenerate()
    const second = await regenerate()
    assert.lengthOf(second, 8)
    assert.notDeepEqual(first, second)
    await user.refresh()
    const stillWorks = await Promise.all(
      user.twoFactorRecoveryCodes!.map((h) => hash.verify(h, first[0]))
    )
    assert.notInclude(stillWorks, true)
    assert.equal(await auditCount(user, 'auth.two_factor_recovery_regenerated'), 2)
  })

  test('disabling needs the password', async ({ client, assert }) => {
    const user = await makeUser('pro', {}, 'with2fa')
    const disable = (password: string) =>
      client
        .delete('/user/two-factor-authentication')
        .loginAs(user)
        .withSession(recentProofs())
        .header('referer', '/profile')
        .form({ password })
        .withCsrfToken()
        .redirects(0)
    const refused = await disable('pas-le-bon')
    refused.assertFlashMessage('inputErrorsBag', { password: [WRONG_PASSWORD_MESSAGE] })
    await user.refresh()
    assert.isTrue(user.hasTwoFactor)

    const empty = await disable('')
    empty.assertFlashMessage('inputErrorsBag')
    await user.refresh()
    assert.isTrue(user.hasTwoFactor)

    const done = await disable(TEST_PASSWORD)
    done.assertFlashMessage('success', 'La double authentification est désactivée.')
    await user.refresh()
    assert.isFalse(user.hasTwoFactor)
    assert.isNull(user.twoFactorSecret)
    assert.isNull(user.twoFactorRecoveryCodes)
    assert.equal(await auditCount(user, 'auth.two_factor_disabled'), 1)
  })

  test('enabling again while on changes nothing; confirming again is refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const before = user.twoFactorSecret
    await post(client, user, '/user/two-factor-authentication', {})
    const again = await post(client, user, '/user/confirmed-two-factor-authentication', {
      code: totpOf(user),
    })
    again.assertFlashMessage('inputErrorsBag', { code: [BAD_CODE_MESSAGE] })
    await user.refresh()
    assert.equal(user.twoFactorSecret, before)
  })
})
