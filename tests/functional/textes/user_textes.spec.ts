/*
 * PageTextes: a user's own versions of the base texts. Saved, edited and reset by him only (a
 * foreign id is a 404), for pro and esi; his version wins for him when a text is rendered.
 */
import { test } from '@japa/runner'
import { makeUser, pageFromHtml, withTransaction } from '#tests/helpers'
import { assertInertJson } from '#tests/functional/textes/helpers'
import AuditLog from '#models/audit_log'
import UserTexte from '#models/user_texte'
import type User from '#models/user'
import { makeTexte } from '#tests/functional/routes/params/textes'
import { resolveTexte } from '#services/textes'
import {
  USER_TEXTE_RESET_MESSAGE,
  USER_TEXTE_SAVED_MESSAGE,
} from '#controllers/profile/user_textes_controller'

function call(
  client: any,
  method: 'post' | 'put' | 'delete',
  url: string,
  user: User,
  body: object = {}
) {
  return client[method](url)
    .loginAs(user)
    .header('referer', '/profile')
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

test.group('Textes / own versions (PageTextes)', (group) => {
  withTransaction(group)

  test('a pro saves his version: it wins for him, shows in his profile, is audit-logged', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const texte = await makeTexte({ contenu: 'Texte de la société' })
    const response = await call(client, 'post', '/profile/textes', pro, {
      texte_id: texte.id,
      contenu: 'Ma version, {{client.nom}}',
    })
    response.assertHeader('location', '/profile')
    response.assertFlashMessage('success', USER_TEXTE_SAVED_MESSAGE)
    const resolved = await resolveTexte(texte.code, pro)
    assert.equal(resolved?.source, 'user')
    assert.equal(resolved?.contenu, 'Ma version, {{client.nom}}')

    const page = await client.get('/profile').loginAs(pro).withInertia()
    const row = page.body().props.textes.find((t: any) => t.id === texte.id)
    assert.equal(row.override.contenu, 'Ma version, {{client.nom}}')
    assert.equal(row.base, 'Texte de la société')
    assert.exists(
      await AuditLog.query().where('action', 'user_texte.saved').where('user_id', pro.id).first()
    )

    // Saving again (double submit) keeps one version per user and text
    await call(client, 'post', '/profile/textes', pro, { texte_id: texte.id, contenu: 'Bis' })
    const rows = await UserTexte.query().where('user_id', pro.id).where('texte_id', texte.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].contenu, 'Bis')
  })

  test('he edits and resets his own version back to the base text', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const texte = await makeTexte({ contenu: 'Base' })
    const own = await UserTexte.create({ userId: esi.id, texteId: texte.id, contenu: 'V1' })
    const edited = await call(client, 'put', `/profile/textes/${own.id}`, esi, { contenu: 'V2' })
    edited.assertFlashMessage('success', USER_TEXTE_SAVED_MESSAGE)
    await own.refresh()
    assert.equal(own.contenu, 'V2')

    const reset = await call(client, 'delete', `/profile/textes/${own.id}`, esi)
    reset.assertHeader('location', '/profile')
    reset.assertFlashMessage('success', USER_TEXTE_RESET_MESSAGE)
    assert.isNull(await UserTexte.find(own.id))
    const resolved = await resolveTexte(texte.code, esi)
    assert.equal(resolved?.contenu, 'Base')
    assert.exists(await AuditLog.query().where('action', 'user_texte.reset').first())
  })

  test('another user’s version is a 404, to edit as to reset; it stays untouched', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('pro')
    const intruder = await makeUser('pro')
    const staff = await makeUser('esi')
    const texte = await makeTexte()
    const own = await UserTexte.create({ userId: owner.id, texteId: texte.id, contenu: 'À moi' })
    for (const user of [intruder, staff]) {
      const edit = await call(client, 'put', `/profile/textes/${own.id}`, user, { contenu: 'Volé' })
      edit.assertStatus(404)
      const reset = await call(client, 'delete', `/profile/textes/${own.id}`, user)
      reset.assertStatus(404)
    }
    for (const id of ['999999', 'abc', '-1']) {
      const response = await call(client, 'put', `/profile/textes/${id}`, owner, { contenu: 'x' })
      response.assertStatus(404)
    }
    await own.refresh()
    assert.equal(own.contenu, 'À moi')
  })

  test('bad input: French messages, what was typed kept', async ({ client }) => {
    const pro = await makeUser('pro')
    const texte = await makeTexte()
    const empty = await call(client, 'post', '/profile/textes', pro, {
      texte_id: texte.id,
      contenu: '',
    })
    empty.assertFlashMessage('inputErrorsBag', { contenu: ['Le texte ne peut pas être vide.'] })
    const unknown = await call(client, 'post', '/profile/textes', pro, {
      texte_id: 999999,
      contenu: 'Texte tapé',
    })
    unknown.assertFlashMessage('inputErrorsBag', { texte_id: ['Ce texte modèle n’existe pas.'] })
    unknown.assertFlashMessage('contenu', 'Texte tapé')
  })

  test('an ordinary user writes no documents: 403', async ({ client, assert }) => {
    const other = await makeUser('other')
    const texte = await makeTexte()
    const response = await call(client, 'post', '/profile/textes', other, {
      texte_id: texte.id,
      contenu: 'x',
    })
    response.assertStatus(403)
    assert.lengthOf(await UserTexte.query().where('user_id', other.id), 0)
  })

  test('markup in his version is stored as typed and sent back as data only', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const texte = await makeTexte()
    const payload = '<img src=x onerror=alert(1)></script><script>alert(2)</script>'
    await call(client, 'post', '/profile/textes', pro, { texte_id: texte.id, contenu: payload })
    const response = await client.get('/profile').loginAs(pro).header('accept', 'text/html')
    const html = response.text()
    assertInertJson(assert, html)
    const row = pageFromHtml(html).props.textes.find((t: any) => t.id === texte.id)
    assert.equal(row.override.contenu, payload)
    const own = await UserTexte.query().where('user_id', pro.id).firstOrFail()
    assert.equal(own.contenu, payload)
  })
})
