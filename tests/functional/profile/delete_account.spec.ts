/*
 * DeleteUserForm: a password confirmed in the last 3 hours, the password again, then the account,
 * its sessions and remember-me tokens go, while what the user wrote stays with its author shown
 * as « Utilisateur supprimé ». The last admin of a société must hand over first.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection } from '@adonisjs/session'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { Visitor } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import User from '#models/user'
import Societe from '#models/societe'
import Texte from '#models/texte'
import UserTexte from '#models/user_texte'
import { PASSWORD_CONFIRMED_KEY, PASSWORD_TIMEOUT_MS } from '#services/http/auth_session'
import { ACCOUNT_DELETED_MESSAGE } from '#controllers/profile/profile_controller'
import { WRONG_PASSWORD_MESSAGE } from '#controllers/auth/confirm_password_controller'
import { lastAdminMessage } from '#actions/profile/delete_user'
import { authorName, DELETED_USER_LABEL } from '#shared/authors'
import { makeTexte } from '#tests/functional/routes/params/textes'

function destroy(client: any, user: User, password: string | null, session = recentProofs()) {
  return client
    .delete('/profile')
    .loginAs(user)
    .withSession(session)
    .header('referer', '/profile')
    .form(password === null ? {} : { password })
    .withCsrfToken()
    .redirects(0)
}

/**
 * Tables whose rows belong to a user and die with his account. Every other foreign key to users
 * must be SET NULL: documents and audit rows outlive their author.
 */
const OWNED_BY_USER = new Set([
  'societe_user',
  'notifications',
  'password_reset_tokens',
  'remember_me_tokens',
  'user_textes',
  // Issue 13: his place in a planning, his ICS address, his slots in visits
  'planning_ressources',
  'planning_ics_jetons',
  'planification_personnes',
])

test.group('Profile / delete account', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('a password confirmed more than 3 hours ago is asked first; nothing deleted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const response = await destroy(client, user, TEST_PASSWORD, {
      [PASSWORD_CONFIRMED_KEY]: Date.now() - PASSWORD_TIMEOUT_MS - 1000,
    } as any)
    response.assertStatus(302)
    response.assertHeader('location', '/confirm-password')
    assert.exists(await User.find(user.id))
  })

  test('a wrong or missing password: French error in the dialog, nothing deleted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const wrong = await destroy(client, user, 'pas-le-bon')
    wrong.assertHeader('location', '/profile')
    wrong.assertFlashMessage('inputErrorsBag', { password: [WRONG_PASSWORD_MESSAGE] })
    const missing = await destroy(client, user, null)
    missing.assertFlashMessage('inputErrorsBag', { password: ['Saisissez votre mot de passe.'] })
    assert.exists(await User.find(user.id))
  })

  test('the account, its sessions and tokens go; what he wrote stays, by « Utilisateur supprimé »', async ({
    client,
    assert,
  }) => {
    const author = await makeUser('pro')
    const reader = await makeUser('esi')
    // A base text he edited, an own version of it, a membership, audit rows of his
    const texte = await makeTexte({ titre: 'Conditions', updatedBy: author.id })
    await UserTexte.create({ userId: author.id, texteId: texte.id, contenu: 'À moi' })
    const societe = await Societe.create({ nom: 'Menuiseries Dubois', type: 'esi' })
    await societe.related('users').attach({ [author.id]: { role: 'membre' } })

    // Two browsers logged in (one remembered): both must end
    const laptop = new Visitor()
    const phone = new Visitor()
    await laptop.login(author.email, TEST_PASSWORD, true)
    await phone.login(author.email, TEST_PASSWORD)
    for (const browser of [laptop, phone]) assert.equal(await browser.statusOf('/dashboard'), 200)
    const sessions = await app.container.make(SessionCollection)
    assert.lengthOf(await sessions.tagged(String(author.id)), 2)

    const response = await destroy(client, author, TEST_PASSWORD)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    response.assertFlashMessage('success', ACCOUNT_DELETED_MESSAGE)
    assert.notExists(response.session('auth_web'), 'still logged in')

    assert.isNull(await User.find(author.id))
    assert.lengthOf(await sessions.tagged(String(author.id)), 0, 'sessions left in the store')
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', author.id), 0)
    assert.lengthOf(await db.from('societe_user').where('user_id', author.id), 0)
    assert.lengthOf(await UserTexte.query().where('user_id', author.id), 0)
    for (const browser of [laptop, phone]) {
      assert.equal(await browser.redirectOf('/dashboard'), '/login')
    }

    // The société and the base text stay; the text's editor is now « Utilisateur supprimé »
    assert.exists(await Societe.find(societe.id))
    const kept = await Texte.findOrFail(texte.id)
    assert.isNull(kept.updatedBy)
    const page = await client.get(`/esi/textes/${texte.id}`).loginAs(reader).withInertia()
    assert.equal(page.body().props.texte.updated_by, DELETED_USER_LABEL)

    // Audit rows keep the story with a null author, shown as « Utilisateur supprimé »
    const deletion = await AuditLog.query()
      .where('action', 'profile.deleted')
      .where('subject_id', String(author.id))
      .firstOrFail()
    assert.isNull(deletion.userId)
    assert.isNull(deletion.before)
    const authors = await AuditLog.query()
      .where('subject_type', 'user')
      .where('subject_id', String(author.id))
    assert.isAbove(authors.length, 1)
    for (const row of authors) assert.isNull(row.userId)
    assert.equal(authorName(null), 'Utilisateur supprimé')
  })

  test('the last admin of a société with other members must hand over first', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('pro')
    const member = await makeUser('pro')
    const alone = await Societe.create({ nom: 'Construction Peeters', type: 'pro' })
    const shared = await Societe.create({ nom: 'Atelier Renard', type: 'pro' })
    await admin.related('societes').attach({
      [alone.id]: { role: 'admin' },
      [shared.id]: { role: 'admin' },
    })
    await member.related('societes').attach({ [shared.id]: { role: 'membre' } })

    const refused = await destroy(client, admin, TEST_PASSWORD)
    refused.assertFlashMessage('inputErrorsBag', {
      password: [lastAdminMessage(['Atelier Renard'])],
    })
    assert.exists(await User.find(admin.id))

    // Another admin named: he may go; a société where he was alone stays, without members
    await db
      .from('societe_user')
      .where('societe_id', shared.id)
      .where('user_id', member.id)
      .update({ role: 'admin' })
    const done = await destroy(client, admin, TEST_PASSWORD)
    done.assertHeader('location', '/')
    assert.isNull(await User.find(admin.id))
    assert.exists(await Societe.find(alone.id))
  })

  test('every foreign key to users: CASCADE for what he owns, SET NULL for the rest', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(`
      SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name,
             c.confdeltype AS on_delete
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
    `)
    const wrong = rows
      .filter((r: any) =>
        OWNED_BY_USER.has(r.table_name) ? r.on_delete !== 'c' : r.on_delete !== 'n'
      )
      .map((r: any) => `${r.table_name}.${r.column_name} (${r.on_delete})`)
    assert.deepEqual(wrong, [], 'c = CASCADE, n = SET NULL')
    const names = rows.map((r: any) => `${r.table_name}.${r.column_name}`)
    assert.includeMembers(names, ['audit_logs.user_id', 'textes.updated_by'])
  })
})
