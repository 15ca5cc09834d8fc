/*
 * The invitation link (72 hours, signed, single use): it opens Auth/AcceptInvitation, the chosen
 * password works and the address is verified; an altered, expired or used link is refused and
 * never logs anybody in.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, linkIn } from '#tests/auth_helpers'
import { send, societeOf } from '#tests/functional/societes/helpers'
import { invitationUrl } from '#actions/societes/invitation_link'
import {
  INVITATION_ACCEPTED,
  INVALID_INVITATION_LINK,
} from '#controllers/auth/accept_invitation_controller'

const PASSWORD = 'une-phrase-de-passe-2026'

async function invited(client: any, email = 'invite@example.com') {
  const admin = await makeUser('pro')
  const societe = await societeOf(admin, 'pro')
  await send(client, 'post', `/app/company/${societe.id}/users`, admin, {
    email,
    name: 'Invité Dupuis',
    role: 'membre',
  })
  const mail = await lastMailTo(email)
  return { link: linkIn(mail!), user: await User.findByOrFail('email', email) }
}

/** Whether the invitation page accepts the link. */
async function validity(client: any, link: string): Promise<boolean> {
  const page = await client.get(link).withInertia()
  return page.body().props.valid
}

function accept(client: any, link: string, password = PASSWORD) {
  return client
    .post(link)
    .header('referer', link)
    .form({ password, password_confirmation: password })
    .withCsrfToken()
    .redirects(0)
}

test.group('Sociétés / invitation link', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the emailed link opens the page, sets the password once and verifies the address', async ({
    client,
    assert,
  }) => {
    const { link, user } = await invited(client)
    assert.match(link, /^\/invitation\/\d+\?h=[\w-]+&signature=/)
    const page = await client.get(link).withInertia()
    assert.equal(page.body().component, 'Auth/AcceptInvitation')
    assert.isTrue(page.body().props.valid)
    assert.equal(page.body().props.email, 'invite@example.com')

    const response = await accept(client, link)
    response.assertStatus(302)
    assert.equal(response.header('location'), '/login')
    response.assertFlashMessage('success', INVITATION_ACCEPTED)
    await user.refresh()
    assert.isTrue(await user.verifyPassword(PASSWORD))
    assert.isNotNull(user.emailVerifiedAt)
    assert.notExists(response.session('auth_web'), 'the link never logs in')
    assert.exists(
      await AuditLog.query()
        .where({ action: 'societe.invitation_accepted', user_id: user.id })
        .first()
    )

    // Used: the page says so and a second use changes nothing
    assert.isFalse(await validity(client, link))
    const again = await accept(client, link, 'un-autre-mot-de-passe')
    assert.deepEqual(again.flashMessage('inputErrorsBag'), { password: [INVALID_INVITATION_LINK] })
    await user.refresh()
    assert.isTrue(await user.verifyPassword(PASSWORD))
  })

  test('an altered link is refused: signature, id or hash changed', async ({ client, assert }) => {
    const { link, user } = await invited(client)
    const other = await makeUser('other', {}, 'unverified')
    const tampered = [
      link.replace(/signature=[^&]+/, 'signature=abc'),
      link.replace(`/invitation/${user.id}`, `/invitation/${other.id}`),
      link.replace(/h=[^&]+/, 'h=' + 'A'.repeat(43)),
      link.split('&signature=')[0],
    ]
    for (const url of tampered) {
      assert.isFalse(await validity(client, url), url)
      const response = await accept(client, url)
      assert.deepEqual(
        response.flashMessage('inputErrorsBag'),
        { password: [INVALID_INVITATION_LINK] },
        url
      )
    }
    await user.refresh()
    assert.isFalse(await user.verifyPassword(PASSWORD))
    assert.isNull(user.emailVerifiedAt)
  })

  test('an expired link is refused', async ({ client, assert }) => {
    const { user } = await invited(client)
    const expiring = new URL(invitationUrl(user, '1 second'))
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const link = expiring.pathname + expiring.search
    assert.isFalse(await validity(client, link))
    const response = await accept(client, link)
    assert.deepEqual(response.flashMessage('inputErrorsBag'), {
      password: [INVALID_INVITATION_LINK],
    })
  })

  test('the password rules of registration apply', async ({ client, assert }) => {
    const { link } = await invited(client)
    const response = await accept(client, link, 'court')
    assert.match(String((response.flashMessage('inputErrorsBag') as any).password[0]), /au moins 8/)
  })

  test('a logged-in visitor is sent to his dashboard', async ({ client, assert }) => {
    const { link } = await invited(client)
    const response = await client
      .get(link)
      .loginAs(await makeUser('other'))
      .redirects(0)
    assert.match(response.header('location') ?? '', /^\/dashboard(\?|$)/)
  })
})
