/*
 * Users of a société (Usercreate, Useredit): invite by e-mail (a new account, or a known one),
 * change the société role, remove — the société's admins and staff only; never the last admin;
 * an audit row for every change.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo } from '#tests/auth_helpers'
import {
  addMember,
  expectStatus,
  fieldErrors,
  inertiaVisit,
  makeSociete,
  send,
  statusOf,
  societeOf,
} from '#tests/functional/societes/helpers'
import { ALREADY_MEMBER, LAST_ADMIN } from '#actions/societes/manage_members'
import { INVITATION_SUBJECT, MEMBER_ADDED_SUBJECT } from '#mails/societe_invitation_notification'

const invite = (client: any, user: User, societeId: number, body: Record<string, string>) =>
  send(
    client,
    'post',
    `/app/company/${societeId}/users`,
    user,
    body,
    `/app/company/${societeId}/users/create`
  )

test.group('Sociétés / users of a société', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('an admin invites an unknown address: a pro account, unverified, unusable password, an email', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('pro')
    const societe = await societeOf(admin, 'pro')
    const page = await inertiaVisit(client, admin, `/app/company/${societe.id}/users/create`)
    assert.equal(page.component, 'Company/Usercreate')
    assert.equal(page.props.newAccountRole, 'pro')

    const response = await invite(client, admin, societe.id, {
      email: 'Nouveau.Venu@Example.com',
      name: 'Nouveau Venu',
      role: 'membre',
    })
    response.assertStatus(302)
    assert.equal(response.header('location'), `/app/company/${societe.id}/edit`)
    const invitee = await User.findByOrFail('email', 'nouveau.venu@example.com')
    assert.equal(invitee.role, 'pro')
    assert.isNull(invitee.emailVerifiedAt)
    assert.isFalse(await invitee.verifyPassword(''), 'no empty password')
    const pivot = await invitee.related('societes').query().firstOrFail()
    assert.equal(pivot.id, societe.id)
    assert.equal(pivot.$extras.pivot_role, 'membre')

    const mail = await lastMailTo('nouveau.venu@example.com')
    assert.equal(mail!.subject, INVITATION_SUBJECT)
    assert.include(mail!.text!, societe.nom)
    assert.include(mail!.text!, '72 heures')
    const audit = await AuditLog.query()
      .where({ action: 'societe.member_invited', subject_id: String(societe.id) })
      .firstOrFail()
    assert.deepInclude(audit.after, {
      email: 'nouveau.venu@example.com',
      role: 'membre',
      account_created: true,
    })
  })

  test('a known, verified address is added and told so; an ordinary account joining a pro société becomes pro', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('pro')
    const societe = await societeOf(admin, 'pro')
    const known = await makeUser('other')
    const response = await invite(client, admin, societe.id, {
      email: known.email,
      name: 'Ignoré',
      role: 'admin',
    })
    response.assertStatus(302)
    await known.refresh()
    assert.equal(known.role, 'pro')
    assert.notEqual(known.name, 'Ignoré')
    assert.equal((await lastMailTo(known.email))!.subject, MEMBER_ADDED_SUBJECT)
    assert.exists(
      await AuditLog.query()
        .where({ action: 'user.role', subject_id: String(known.id) })
        .first()
    )

    const again = await invite(client, admin, societe.id, {
      email: known.email,
      name: 'Encore',
      role: 'membre',
    })
    assert.deepEqual(fieldErrors(again).email, [ALREADY_MEMBER])
  })

  test('a client société creates ordinary accounts; staff are never created outside our own société', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('other')
    const societe = await societeOf(admin, 'client')
    await invite(client, admin, societe.id, {
      email: 'voisin@example.com',
      name: 'Le Voisin',
      role: 'membre',
    })
    const voisin = await User.findByOrFail('email', 'voisin@example.com')
    assert.equal(voisin.role, 'other')
  })

  test('members of our own (esi) société are managed by staff with the admin droit only', async ({
    client,
    assert,
  }) => {
    const own = await makeSociete('esi')
    const esi = await makeUser('esi')
    await addMember(own, esi, 'admin')
    assert.equal(await statusOf(client, esi, `/app/company/${own.id}/users/create`), 403)
    const esiAdmin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    assert.equal(await statusOf(client, esiAdmin, `/app/company/${own.id}/users/create`), 200)
    await invite(client, esiAdmin, own.id, {
      email: 'technicien@example.com',
      name: 'Tech Nicien',
      role: 'membre',
    })
    const technicien = await User.findByOrFail('email', 'technicien@example.com')
    assert.equal(technicien.role, 'esi')
  })

  test('a mere member and a stranger cannot manage users (403 / 404); staff can', async ({
    client,
    assert,
  }) => {
    const member = await makeUser('pro')
    const societe = await societeOf(member, 'pro', 'membre')
    const adminUser = await makeUser('pro')
    const adminMembership = await addMember(societe, adminUser, 'admin')
    const stranger = await makeUser('pro')

    assert.equal(await statusOf(client, member, `/app/company/${societe.id}/users/create`), 403)
    assert.equal(await statusOf(client, stranger, `/app/company/${societe.id}/users/create`), 404)
    assert.equal(await statusOf(client, member, `/app/company/users/${adminMembership}/edit`), 403)
    assert.equal(
      await statusOf(client, stranger, `/app/company/users/${adminMembership}/edit`),
      404
    )
    await expectStatus(
      invite(client, member, societe.id, { email: 'x@example.com', name: 'X', role: 'admin' }),
      403
    )
    await expectStatus(
      send(client, 'put', `/app/company/users/${adminMembership}`, member, { role: 'membre' }),
      403
    )
    await expectStatus(
      send(client, 'delete', `/app/company/users/${adminMembership}`, stranger),
      404
    )
    assert.isNull(await User.findBy('email', 'x@example.com'))
    const staffView = await inertiaVisit(
      client,
      await makeUser('esi'),
      `/app/company/users/${adminMembership}/edit`
    )
    assert.equal(staffView.component, 'Company/Useredit')
  })

  test('change the role; the last admin can be neither demoted nor removed', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('other')
    const societe = await makeSociete('client')
    const adminMembership = await addMember(societe, admin, 'admin')
    const other = await makeUser('other')
    const otherMembership = await addMember(societe, other, 'membre')

    const page = await inertiaVisit(client, admin, `/app/company/users/${adminMembership}/edit`)
    assert.isTrue(page.props.isLastAdmin)
    const demote = await send(client, 'put', `/app/company/users/${adminMembership}`, admin, {
      role: 'membre',
    })
    assert.deepEqual(fieldErrors(demote).role, [LAST_ADMIN])
    const remove = await send(client, 'delete', `/app/company/users/${adminMembership}`, admin)
    assert.equal(remove.flashMessage('error'), LAST_ADMIN)

    const promote = await send(client, 'put', `/app/company/users/${otherMembership}`, admin, {
      role: 'admin',
    })
    promote.assertStatus(302)
    const row = await AuditLog.query()
      .where({ action: 'societe.member_role', subject_id: String(societe.id) })
      .firstOrFail()
    assert.deepEqual(row.after, { user_id: other.id, role: 'admin' })

    // Now two admins: the first may step down, and is sent to the list he can still see
    const stepDown = await send(client, 'put', `/app/company/users/${adminMembership}`, admin, {
      role: 'membre',
    })
    assert.equal(stepDown.header('location'), '/app/company')
    const removed = await send(client, 'delete', `/app/company/users/${adminMembership}`, other)
    removed.assertStatus(302)
    assert.lengthOf(await admin.related('societes').query(), 0)
    assert.exists(
      await AuditLog.query()
        .where({ action: 'societe.member_removed', subject_id: String(societe.id) })
        .first()
    )
    assert.exists(await User.find(admin.id), 'the account itself stays')
  })

  test('invitation fields are checked in French', async ({ client, assert }) => {
    const admin = await makeUser('other')
    const societe = await societeOf(admin, 'client')
    const response = await invite(client, admin, societe.id, {
      email: 'pas-un-email',
      name: '',
      role: 'patron',
    })
    const errors = fieldErrors(response)
    assert.deepEqual(errors.email, ['Veuillez saisir une adresse e-mail valide.'])
    assert.deepEqual(errors.name, ['Indiquez le nom de la personne.'])
    assert.deepEqual(errors.role, ['Choisissez « Administrateur » ou « Membre ».'])
  })
})
