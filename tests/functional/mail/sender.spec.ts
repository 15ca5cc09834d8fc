/*
 * Every email comes from the company's own address with a reply-to (the esi société's email),
 * never a made-up no-reply address; a mail that names its own reply-to keeps it.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Societe from '#models/societe'
import { makeUser, withTransaction } from '#tests/helpers'
import { clearKeptMails, lastMailTo } from '#tests/auth_helpers'
import { deliver } from '#services/mail/deliver'
import { companySender, FALLBACK_FROM } from '#services/mail/sender'
import ResetPasswordNotification from '#mails/reset_password_notification'

test.group('Mail / the company signs every email', (group) => {
  withTransaction(group)
  group.each.setup(async () => {
    await limiter.clear()
    await clearKeptMails()
  })

  test('a password reset email comes from the esi société, answers go to it', async ({
    client,
    assert,
  }) => {
    await Societe.query().where('type', 'esi').delete()
    await Societe.create({
      nom: 'Menuiseries Test & Fils',
      type: 'esi',
      email: 'bonjour@menuiseries-test.be',
      pays: 'BE',
    })
    const user = await makeUser('pro')
    await client
      .post('/forgot-password')
      .header('referer', '/forgot-password')
      .form({ email: user.email })
      .withCsrfToken()
    const mail = await lastMailTo(user.email)
    assert.equal(mail!.from, 'bonjour@menuiseries-test.be')
    assert.equal(mail!.replyTo, 'bonjour@menuiseries-test.be')
    assert.notInclude(JSON.stringify(mail), 'no-reply@esi-backoffice.local')
  })

  test('without an esi société, the configured or last-resort sender', async ({ assert }) => {
    await Societe.query().where('type', 'esi').delete()
    const sender = await companySender()
    assert.equal(sender.from.address, process.env.MAIL_FROM_ADDRESS ?? FALLBACK_FROM.address)
  })

  test('a mail with its own reply-to keeps it', async ({ assert }) => {
    await Societe.query().where('type', 'esi').delete()
    await Societe.create({ nom: 'Société', type: 'esi', email: 'societe@test.be', pays: 'BE' })
    const user = await makeUser('other')
    const mail = new ResetPasswordNotification(user, 'http://localhost/reset', 60)
    mail.replyTo = { address: 'commercial@test.be', name: 'Commercial' }
    assert.isTrue(await deliver(mail))
    const kept = await lastMailTo(user.email)
    assert.equal(kept!.from, 'societe@test.be')
    assert.equal(kept!.replyTo, 'commercial@test.be')
  })
})
