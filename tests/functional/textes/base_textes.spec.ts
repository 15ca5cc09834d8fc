/*
 * BaseTexte and Texte (esi): the list by category, creating and editing a base text (French
 * errors, what was typed kept, a lost race refused), deleting it (admin droit + step-up), the
 * rights of the other roles, and markup in a text kept inert.
 */
import { test } from '@japa/runner'
import { makeUser, pageFromHtml, recentProofs, withTransaction } from '#tests/helpers'
import AuditLog from '#models/audit_log'
import Texte from '#models/texte'
import UserTexte from '#models/user_texte'
import type User from '#models/user'
import { makeTexte } from '#tests/functional/routes/params/textes'
import { STALE_TEXTE_MESSAGE } from '#actions/textes/save_base_texte'
import {
  TEXTE_CREATED_MESSAGE,
  TEXTE_DELETED_MESSAGE,
  TEXTE_SAVED_MESSAGE,
} from '#controllers/esi/textes_controller'
import { renderTexteHtml, SAMPLE_CONTEXT } from '#shared/textes'
import { assertInertJson } from '#tests/functional/textes/helpers'

const XSS = `</script><script>alert("x")</script><img src=x onerror=alert(1)> {{client.nom}}`

function send(client: any, method: 'post' | 'put', url: string, user: User, body: object) {
  return client[method](url)
    .loginAs(user)
    .header('referer', url)
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

test.group('Textes / base texts (esi)', (group) => {
  withTransaction(group)

  test('BaseTexte lists every text with its category and how many users overrode it', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const pro = await makeUser('pro')
    const texte = await makeTexte({ titre: 'Relance', categorie: 'email_relance' })
    await UserTexte.create({ userId: pro.id, texteId: texte.id, contenu: 'À moi' })
    const page = await client.get('/esi/textes').loginAs(esi).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Texte/BaseTexte')
    const row = page.body().props.textes.find((t: any) => t.id === texte.id)
    assert.deepInclude(row, { titre: 'Relance', categorie: 'email_relance', overrides: 1 })
  })

  test('other, pro and esi-viewing-as-pro get 403 on the list and on a text', async ({
    client,
  }) => {
    const texte = await makeTexte()
    for (const user of [
      await makeUser('other'),
      await makeUser('pro'),
      await makeUser('esi', { accesRole: 'pro' }),
    ]) {
      for (const url of ['/esi/textes', `/esi/textes/${texte.id}`, '/esi/textes/create']) {
        const response = await client.get(url).loginAs(user).withInertia()
        response.assertStatus(403)
      }
      const write = await send(client, 'put', `/esi/textes/${texte.id}`, user, {
        titre: 'Piraté',
        categorie: 'devis_intro',
        contenu: 'x',
        version: 1,
      })
      write.assertStatus(403)
    }
  })

  test('an unknown or malformed id is a 404, never a 500', async ({ client }) => {
    const esi = await makeUser('esi')
    for (const id of ['999999', 'abc', '1.5', '99999999999999999999']) {
      const response = await client.get(`/esi/textes/${id}`).loginAs(esi).withInertia()
      response.assertStatus(404)
    }
  })

  test('creating: French errors with what was typed kept, then the text and its audit row', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    await makeTexte({ code: 'devis_intro_existant' })
    const bad = await send(client, 'post', '/esi/textes', esi, {
      code: 'Devis Intro!',
      titre: 'X',
      categorie: 'recette',
      contenu: '',
    })
    bad.assertFlashMessage('inputErrorsBag', {
      code: [
        'Le code ne peut contenir que des minuscules, des chiffres et « _ », et commence par une lettre.',
      ],
      titre: ['Ce champ doit contenir au moins 2 caractères.'],
      categorie: ['Choisissez une catégorie de la liste.'],
      contenu: ['Le texte ne peut pas être vide.'],
    })
    bad.assertFlashMessage('code', 'Devis Intro!')
    const taken = await send(client, 'post', '/esi/textes', esi, {
      code: 'devis_intro_existant',
      titre: 'Doublon',
      categorie: 'devis_intro',
      contenu: 'Bonjour',
    })
    taken.assertFlashMessage('inputErrorsBag', { code: ['Un texte porte déjà ce code.'] })

    const created = await send(client, 'post', '/esi/textes', esi, {
      code: 'email_relance_courte',
      titre: 'Relance courte',
      categorie: 'email_relance',
      contenu: 'Bonjour {{client.nom}},\navez-vous reçu notre devis ?',
    })
    const texte = await Texte.findByOrFail('code', 'email_relance_courte')
    created.assertHeader('location', `/esi/textes/${texte.id}`)
    created.assertFlashMessage('success', TEXTE_CREATED_MESSAGE)
    assert.equal(texte.contenu, 'Bonjour {{client.nom}},\navez-vous reçu notre devis ?')
    assert.equal(texte.updatedBy, esi.id)
    assert.equal(texte.version, 1)
    assert.exists(
      await AuditLog.query()
        .where('action', 'texte.created')
        .where('subject_id', String(texte.id))
        .where('user_id', esi.id)
        .first()
    )
    const page = await client.get('/esi/textes/create').loginAs(esi).withInertia()
    page.assertInertiaComponent('Texte/Texte')
    page.assertInertiaPropsContains({ texte: null })
  })

  test('editing saves a new version; an edit made from an older one is refused', async ({
    client,
    assert,
  }) => {
    const first = await makeUser('esi', { name: 'Sophie Lambert' })
    const second = await makeUser('esi')
    const texte = await makeTexte({ contenu: 'Version 1' })
    const edit = (user: User, contenu: string, version: number) =>
      send(client, 'put', `/esi/textes/${texte.id}`, user, {
        titre: 'Introduction',
        categorie: 'devis_intro',
        contenu,
        version,
      })

    const saved = await edit(first, 'Version 2 de Sophie', 1)
    saved.assertHeader('location', `/esi/textes/${texte.id}`)
    saved.assertFlashMessage('success', TEXTE_SAVED_MESSAGE)
    await texte.refresh()
    assert.equal(texte.version, 2)
    assert.equal(texte.updatedBy, first.id)

    // The second editor opened version 1: his save must not overwrite Sophie's
    const stale = await edit(second, 'Version 2 de quelqu’un d’autre', 1)
    stale.assertFlashMessage('inputErrorsBag', { version: [STALE_TEXTE_MESSAGE] })
    stale.assertFlashMessage('contenu', 'Version 2 de quelqu’un d’autre')
    await texte.refresh()
    assert.equal(texte.contenu, 'Version 2 de Sophie')

    const page = await client.get(`/esi/textes/${texte.id}`).loginAs(second).withInertia()
    page.assertInertiaComponent('Texte/Texte')
    assert.deepInclude(page.body().props.texte, {
      contenu: 'Version 2 de Sophie',
      version: 2,
      updated_by: 'Sophie Lambert',
    })
    const row = await AuditLog.query().where('action', 'texte.updated').firstOrFail()
    assert.deepEqual(row.after, { titre: 'Introduction', categorie: 'devis_intro', version: 2 })
  })

  test('deleting needs the admin droit and a recent step-up; the overrides go too', async ({
    client,
    assert,
  }) => {
    const texte = await makeTexte()
    const pro = await makeUser('pro')
    await UserTexte.create({ userId: pro.id, texteId: texte.id, contenu: 'À moi' })
    const esi = await makeUser('esi')
    const admin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const remove = (
      user: User,
      session: ReturnType<typeof recentProofs> | Record<string, never> = {}
    ) =>
      client
        .delete(`/esi/textes/${texte.id}`)
        .loginAs(user)
        .withSession(session)
        .withInertia()
        .withCsrfToken()
        .redirects(0)

    const refused = await remove(esi, recentProofs())
    refused.assertStatus(403)
    const noStepUp = await remove(admin)
    noStepUp.assertHeader('location', '/user/step-up')
    assert.exists(await Texte.find(texte.id))

    const edit = await client.get(`/esi/textes/${texte.id}`).loginAs(admin).withInertia()
    edit.assertInertiaPropsContains({ canDelete: true })

    const done = await remove(admin, recentProofs())
    done.assertHeader('location', '/esi/textes')
    done.assertFlashMessage('success', TEXTE_DELETED_MESSAGE)
    assert.isNull(await Texte.find(texte.id))
    assert.lengthOf(await UserTexte.query().where('texte_id', texte.id), 0)
    assert.exists(await AuditLog.query().where('action', 'texte.deleted').first())
  })

  test('markup in a text is stored as typed and stays inert wherever it is shown', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const created = await send(client, 'post', '/esi/textes', esi, {
      code: 'texte_piege',
      titre: '<b>Titre</b>',
      categorie: 'devis_intro',
      contenu: XSS,
    })
    created.assertStatus(302)
    const texte = await Texte.findByOrFail('code', 'texte_piege')
    assert.equal(texte.contenu, XSS)
    assert.equal(texte.titre, '<b>Titre</b>')

    // A full page load: the props travel as JSON inside a non-executable script element, with
    // every "/" escaped, so the text can never close it and become markup
    const html = await client
      .get(`/esi/textes/${texte.id}`)
      .loginAs(esi)
      .header('accept', 'text/html')
    assertInertJson(assert, html.text())
    assert.equal(pageFromHtml(html.text()).props.texte.contenu, XSS)

    // Rendered to HTML for a document or an e-mail, it is escaped
    const rendered = renderTexteHtml(texte.contenu, SAMPLE_CONTEXT)
    assert.notInclude(rendered, '<script')
    assert.notInclude(rendered, '<img')
    assert.include(rendered, '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)')
    assert.include(rendered, 'Leclercq')
  })
})
