/*
 * Profile/Edit and UpdateProfileInformationForm: the page and its parts' props, the name and
 * e-mail change (French errors, what was typed kept), a new address stored lower-cased,
 * unverified again and sent its verification link, behind the current password.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, linkIn, mailsTo } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import Societe from '#models/societe'
import { VERIFY_EMAIL_SUBJECT } from '#mails/verify_email_notification'
import {
  EMAIL_CHANGED_MESSAGE,
  PASSWORD_FOR_EMAIL_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
} from '#controllers/profile/profile_controller'
import { WRONG_PASSWORD_MESSAGE } from '#controllers/auth/confirm_password_controller'
import { makeTexte } from '#tests/functional/routes/params/textes'

function update(client: any, user: User, body: Record<string, unknown>) {
  return client
    .put('/profile')
    .loginAs(user)
    .header('referer', '/profile')
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

test.group('Profile / page', (group) => {
  withTransaction(group)

  test('Profile/Edit carries the two-factor status, the texts and what blocks a deletion', async ({
    client,
    assert,
  }) => {
    const texte = await makeTexte({ titre: 'Introduction', contenu: 'Bonjour' })
    const pro = await makeUser('pro')
    const page = await client.get('/profile').loginAs(pro).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Profile/Edit')
    const props = page.body().props
    assert.deepEqual(props.twoFactor, {
      enabled: false,
      pending: null,
      recovery_codes: null,
      recovery_codes_left: 0,
    })
    const row = props.textes.find((t: any) => t.id === texte.id)
    assert.deepInclude(row, { code: texte.code, base: 'Bonjour', override: null })
    assert.deepEqual(props.deletionBlockedBy, [])
  })

  test('an ordinary user writes no documents: no texts section', async ({ client }) => {
    const other = await makeUser('other')
    const page = await client.get('/profile').loginAs(other).withInertia()
    page.assertInertiaPropsContains({ textes: null })
  })

  test('an unverified account reaches its profile', async ({ client }) => {
    const user = await makeUser('pro', {}, 'unverified')
    const page = await client.get('/profile').loginAs(user).withInertia().redirects(0)
    page.assertStatus(200)
    page.assertInertiaComponent('Profile/Edit')
    page.assertInertiaPropsContains({ textes: null })
  })

  test('the sociétés he alone administers, with other members, are listed', async ({ client }) => {
    const admin = await makeUser('pro')
    const member = await makeUser('pro')
    const societe = await Societe.create({ nom: 'Atelier Renard', type: 'pro' })
    await societe.related('users').attach({ [admin.id]: { role: 'admin' } })
    await societe.related('users').attach({ [member.id]: { role: 'membre' } })
    const page = await client.get('/profile').loginAs(admin).withInertia()
    page.assertInertiaPropsContains({ deletionBlockedBy: ['Atelier Renard'] })
  })
})

test.group('Profile / name and e-mail', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a new name is saved, toasted and audit-logged', async ({ client, assert }) => {
    const user = await makeUser('pro', { name: 'Julien Dupont' })
    const response = await update(client, user, { name: 'Julien Dupont-Renard', email: user.email })
    response.assertStatus(302)
    response.assertHeader('location', '/profile')
    response.assertFlashMessage('success', PROFILE_UPDATED_MESSAGE)
    await user.refresh()
    assert.equal(user.name, 'Julien Dupont-Renard')
    assert.isNotNull(user.emailVerifiedAt)
    const row = await AuditLog.query()
      .where('action', 'profile.updated')
      .where('user_id', user.id)
      .firstOrFail()
    assert.deepEqual(row.before, { name: 'Julien Dupont', email: user.email })
    assert.deepEqual(row.after, { name: 'Julien Dupont-Renard', email: user.email })
    assert.equal(await mailsTo(user.email), 0, 'no email for a name change')
  })

  test('bad values: French messages next to the fields, what was typed kept', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro', { name: 'Julien Dupont' })
    const taken = await makeUser('pro')
    const short = await update(client, user, { name: 'J', email: 'pas-une-adresse' })
    short.assertFlashMessage('inputErrorsBag', {
      name: ['Le nom doit contenir au moins 2 caractères.'],
      email: ['Veuillez saisir une adresse e-mail valide.'],
    })
    short.assertFlashMessage('name', 'J')
    short.assertFlashMessage('email', 'pas-une-adresse')

    const duplicate = await update(client, user, {
      name: 'Julien',
      email: taken.email.toUpperCase(),
      current_password: TEST_PASSWORD,
    })
    duplicate.assertFlashMessage('inputErrorsBag', {
      email: ['Un compte existe déjà avec cette adresse e-mail.'],
    })
    await user.refresh()
    assert.equal(user.name, 'Julien Dupont')
  })

  test('a new address needs the current password; a wrong one changes nothing', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const before = user.email
    const missing = await update(client, user, { name: user.name, email: 'nouvelle@example.com' })
    missing.assertFlashMessage('inputErrorsBag', {
      current_password: [PASSWORD_FOR_EMAIL_MESSAGE],
    })
    missing.assertFlashMessage('email', 'nouvelle@example.com')
    missing.assertFlashMissing('current_password')
    const wrong = await update(client, user, {
      name: user.name,
      email: 'nouvelle@example.com',
      current_password: 'pas-le-bon',
    })
    wrong.assertFlashMessage('inputErrorsBag', { current_password: [WRONG_PASSWORD_MESSAGE] })
    await user.refresh()
    assert.equal(user.email, before)
    assert.isNotNull(user.emailVerifiedAt)
    assert.equal(await mailsTo('nouvelle@example.com'), 0)
  })

  test('a new address is stored lower-cased, unverified, and its link verifies it', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const old = user.email
    const response = await update(client, user, {
      name: user.name,
      email: '  Nouvelle.Adresse@Example.COM ',
      current_password: TEST_PASSWORD,
    })
    response.assertHeader('location', '/profile')
    response.assertFlashMessage('success', EMAIL_CHANGED_MESSAGE)
    await user.refresh()
    assert.equal(user.email, 'nouvelle.adresse@example.com')
    assert.isNull(user.emailVerifiedAt)
    const audit = await AuditLog.query()
      .where('action', 'profile.updated')
      .where('user_id', user.id)
      .firstOrFail()
    assert.deepEqual(audit.before, { name: user.name, email: old })
    assert.deepEqual(audit.after, { name: user.name, email: 'nouvelle.adresse@example.com' })

    // The verification email is kept (storage/mails/test), to the new address only
    const mail = await lastMailTo('nouvelle.adresse@example.com')
    assert.equal(mail?.subject, VERIFY_EMAIL_SUBJECT)
    assert.equal(await mailsTo(old), 0)

    // Unverified again: only the profile and the verification page until the link is opened
    const blocked = await client.get('/dashboard').loginAs(user).withInertia().redirects(0)
    blocked.assertHeader('location', '/email/verify')
    const verified = await client.get(linkIn(mail!)).loginAs(user).redirects(0)
    verified.assertHeader('location', '/dashboard')
    await user.refresh()
    assert.isNotNull(user.emailVerifiedAt)
  })

  test('an unverified account may fix a mistyped address', async ({ client, assert }) => {
    const user = await makeUser('other', { email: 'faute@exmple.com' }, 'unverified')
    const response = await update(client, user, {
      name: user.name,
      email: 'bonne@example.com',
      current_password: TEST_PASSWORD,
    })
    response.assertFlashMessage('success', EMAIL_CHANGED_MESSAGE)
    await user.refresh()
    assert.equal(user.email, 'bonne@example.com')
    const mail = await lastMailTo('bonne@example.com')
    assert.equal(mail?.subject, VERIFY_EMAIL_SUBJECT)
  })
})
