/*
 * Registration → verification email (kept by the development transport) → signed link valid
 * 60 minutes, bound to the user id and the hash of the address; resend limits; what an
 * unverified account may reach (DESIGN.md §4, ASVS 6.3.3: the link never logs in).
 */
import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, linkIn, mailsTo } from '#tests/auth_helpers'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import { verificationUrl } from '#actions/auth/send_email_verification'
import { INVALID_VERIFICATION_LINK } from '#controllers/auth/verify_email_controller'
import { VERIFICATION_RESENT_MESSAGE } from '#controllers/auth/email_verification_notification_controller'
import { VERIFY_EMAIL_SUBJECT } from '#mails/verify_email_notification'
import { EmailNotVerifiedException } from '#exceptions/http_exceptions'
import { keptMailsDirectory } from '#services/mail/kept_mail_transport'
import { throttleKeys } from '#services/throttle'
import { decryptTotpSecret } from '#services/two_factor'
import { DEMO_ESI_TOTP_SECRET, seedDemoAccounts } from '#database/demo/accounts'

const NEW_ACCOUNT = {
  name: 'Jeanne Dupont',
  password: 'un-mot-de-passe-solide',
  password_confirmation: 'un-mot-de-passe-solide',
}

/** A link made `minutesAgo` minutes ago (Date.now moved back while it is signed). */
function linkMadeAgo(user: User, minutesAgo: number): string {
  const realNow = Date.now
  Date.now = () => realNow() - minutesAgo * 60_000
  try {
    const url = new URL(verificationUrl(user))
    return url.pathname + url.search
  } finally {
    Date.now = realNow
  }
}

test.group('Auth / registration and email verification', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('registering sends a French verification email, HTML and text, kept as a file', async ({
    client,
    assert,
  }) => {
    const email = 'jeanne.verif@example.com'
    const response = await client
      .post('/register')
      .form({ ...NEW_ACCOUNT, email })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/email/verify')

    const mail = await lastMailTo(email)
    assert.exists(mail, 'no email kept for the new account')
    assert.equal(mail!.subject, VERIFY_EMAIL_SUBJECT)
    assert.include(mail!.html!, 'Vérifier mon adresse e-mail')
    assert.include(mail!.html!, 'Jeanne Dupont')
    assert.include(mail!.text!, 'valable 60 minutes')
    const user = await User.findByOrFail('email', email)
    assert.match(linkIn(mail!), new RegExp(`^/email/verify/${user.id}/[0-9a-f]{64}\\?signature=`))

    // The kept-files transport: one JSON file per message under storage/mails/test
    const file = path.join(keptMailsDirectory(), `${mail!.id}.json`)
    const stored = JSON.parse(await readFile(file, 'utf8'))
    assert.deepEqual(stored.to, [email])
    assert.equal(stored.subject, VERIFY_EMAIL_SUBJECT)
  })

  test('the emailed link verifies the address, is audit-logged and lands on the dashboard', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other', {}, 'unverified')
    const response = await client.get(linkMadeAgo(user, 59)).loginAs(user).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/dashboard')
    await user.refresh()
    assert.isNotNull(user.emailVerifiedAt)
    const row = await AuditLog.query()
      .where('action', 'auth.email_verified')
      .where('user_id', user.id)
      .first()
    assert.isNotNull(row)

    const dashboard = await client.get('/dashboard').loginAs(user).withInertia()
    dashboard.assertStatus(200)
  })

  test('the link works without a session but never logs in', async ({ client, assert }) => {
    const user = await makeUser('other', {}, 'unverified')
    const response = await client.get(linkMadeAgo(user, 0)).redirects(0)
    response.assertHeader('location', '/login')
    response.assertFlashMessage(
      'success',
      'Votre adresse e-mail est vérifiée. Vous pouvez vous connecter.'
    )
    assert.notExists(response.session('auth_web'))
    await user.refresh()
    assert.isNotNull(user.emailVerifiedAt)
  })

  test('a link older than 60 minutes is refused', async ({ client, assert }) => {
    const user = await makeUser('other', {}, 'unverified')
    const response = await client.get(linkMadeAgo(user, 61)).loginAs(user).redirects(0)
    response.assertHeader('location', '/email/verify')
    response.assertFlashMessage('error', INVALID_VERIFICATION_LINK)
    await user.refresh()
    assert.isNull(user.emailVerifiedAt)
  })

  test('a tampered link is refused (id, hash or signature changed)', async ({ client, assert }) => {
    const user = await makeUser('other', {}, 'unverified')
    const other = await makeUser('other', {}, 'unverified')
    const good = linkMadeAgo(user, 0)
    const tampered = [
      good.replace(`/verify/${user.id}/`, `/verify/${other.id}/`),
      good.replace(
        /\/([0-9a-f])([0-9a-f]{63})\?/,
        (_, c, rest) => `/${c === 'a' ? 'b' : 'a'}${rest}?`
      ),
      good.replace(/signature=.{4}/, 'signature=AAAA'),
      good.split('?')[0],
    ]
    for (const link of tampered) {
      const response = await client.get(link).redirects(0)
      response.assertHeader('location', '/login')
      response.assertFlashMessage('error', INVALID_VERIFICATION_LINK)
    }
    await user.refresh()
    await other.refresh()
    assert.isNull(user.emailVerifiedAt)
    assert.isNull(other.emailVerifiedAt)
  })

  test('a link sent to a previous address no longer verifies the account', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other', { email: 'ancienne@example.com' }, 'unverified')
    const link = linkMadeAgo(user, 0)
    user.email = 'nouvelle@example.com'
    await user.save()
    const response = await client.get(link).redirects(0)
    response.assertFlashMessage('error', INVALID_VERIFICATION_LINK)
    await user.refresh()
    assert.isNull(user.emailVerifiedAt)
  })

  test('resend: once a minute, with the wait in French', async ({ client, assert }) => {
    const user = await makeUser('other', {}, 'unverified')
    const first = await client
      .post('/email/verification-notification')
      .loginAs(user)
      .header('referer', '/email/verify')
      .withCsrfToken()
      .redirects(0)
    first.assertFlashMessage('success', VERIFICATION_RESENT_MESSAGE)
    assert.equal(await mailsTo(user.email), 1)

    const second = await client
      .post('/email/verification-notification')
      .loginAs(user)
      .header('referer', '/email/verify')
      .withCsrfToken()
      .redirects(0)
    second.assertHeader('location', '/email/verify')
    const message = String(second.flashMessage('error'))
    assert.match(
      message,
      /^Veuillez patienter (\d+ secondes|1 seconde) avant de demander un nouvel e-mail\.$/
    )
    const wait = Number(message.match(/(\d+)/)![1])
    assert.isAtLeast(wait, 50)
    assert.isAtMost(wait, 60)
    assert.equal(await mailsTo(user.email), 1, 'the throttled request sent an email')
  })

  test('resend: at most six an hour', async ({ client, assert }) => {
    const user = await makeUser('other', {}, 'unverified')
    const minuteKey = throttleKeys.verificationMinute(user.id)
    const send = () =>
      client.post('/email/verification-notification').loginAs(user).withCsrfToken().redirects(0)
    for (let i = 0; i < 6; i++) {
      // As if a minute had passed between two requests
      await limiter.use({ requests: 1, duration: '1 min' }).delete(minuteKey)
      const ok = await send()
      ok.assertFlashMessage('success', VERIFICATION_RESENT_MESSAGE)
    }
    await limiter.use({ requests: 1, duration: '1 min' }).delete(minuteKey)
    const seventh = await send()
    const wait = Number(String(seventh.flashMessage('error')).match(/(\d+) secondes/)?.[1])
    assert.isAbove(wait, 60, 'the hourly limit should ask for more than a minute')
    assert.equal(await mailsTo(user.email), 6)
  })

  test('registration counts as the first email: resending at once is throttled', async ({
    client,
  }) => {
    const email = 'pressee@example.com'
    const registered = await client
      .post('/register')
      .form({ ...NEW_ACCOUNT, email })
      .withCsrfToken()
      .redirects(0)
    const resend = await client
      .post('/email/verification-notification')
      .withSession(registered.session())
      .withCsrfToken()
      .redirects(0)
    resend.assertFlashMessage('error')
  })
})

test.group('Auth / what an unverified account reaches', (group) => {
  withTransaction(group)

  test('no dashboard, sociétés or esi page: sent to the verification page', async ({ client }) => {
    const user = await makeUser('other', {}, 'unverified')
    for (const url of ['/dashboard', '/app/company']) {
      const response = await client.get(url).loginAs(user).withInertia().redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/email/verify')
    }
    const staff = await makeUser('esi', {}, 'unverified')
    const esi = await client.get('/esi/devis').loginAs(staff).withInertia().redirects(0)
    esi.assertHeader('location', '/email/verify')
  })

  test('the profile, the verification page and logout stay open', async ({ client }) => {
    const user = await makeUser('other', {}, 'unverified')
    const profile = await client.get('/profile').loginAs(user).withInertia()
    profile.assertStatus(200)
    const notice = await client.get('/email/verify').loginAs(user).withInertia()
    notice.assertStatus(200)
    notice.assertInertiaComponent('Auth/VerifyEmail')
    notice.assertInertiaPropsContains({ email: user.email })
    const logout = await client.post('/logout').loginAs(user).withCsrfToken().redirects(0)
    logout.assertHeader('location', '/login')
  })

  test('API calls answer 403 JSON in French (the current user object excepted)', async ({
    client,
  }) => {
    const user = await makeUser('other', {}, 'unverified')
    const societes = await client
      .get('/api/user/societes')
      .loginAs(user)
      .header('accept', 'application/json')
    societes.assertStatus(403)
    societes.assertBody({ message: EmailNotVerifiedException.message })
    const me = await client.get('/api/user').loginAs(user).header('accept', 'application/json')
    me.assertStatus(200)
    me.assertBodyContains({ email_verified: false })
  })

  test('a verified user is sent from the verification page to the dashboard', async ({
    client,
  }) => {
    const user = await makeUser('pro')
    const response = await client.get('/email/verify').loginAs(user).withInertia().redirects(0)
    response.assertHeader('location', '/dashboard')
  })

  test('demo accounts are verified; the demo esi has two-factor with the demo secret, encrypted', async ({
    assert,
  }) => {
    await db.transaction(async (trx) => {
      const { users } = await seedDemoAccounts(trx)
      for (const user of Object.values(users)) assert.isNotNull(user.emailVerifiedAt)
      const esi = users.esi
      assert.isTrue(esi.hasTwoFactor)
      assert.notInclude(esi.twoFactorSecret!, DEMO_ESI_TOTP_SECRET, 'the secret is stored in clear')
      assert.equal(decryptTotpSecret(esi.twoFactorSecret), DEMO_ESI_TOTP_SECRET)
      await trx.rollback()
    })
  })
})
