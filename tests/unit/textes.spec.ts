/*
 * Textes modèles: the shared placeholder rendering (text and HTML) and the choice of a user's
 * own version over the company's base text.
 */
import { test } from '@japa/runner'
import {
  contextFrom,
  escapeHtml,
  lookup,
  placeholdersIn,
  renderSegments,
  renderTexte,
  renderTexteHtml,
  SAMPLE_CONTEXT,
  PLACEHOLDERS,
  unknownPlaceholders,
} from '#shared/textes'
import { authorName, DELETED_USER_LABEL } from '#shared/authors'
import Texte from '#models/texte'
import UserTexte from '#models/user_texte'
import { renderTexteFor, resolveTexte } from '#services/textes'
import { makeUser, withTransaction } from '#tests/helpers'

const CONTEXT = contextFrom({
  'client.nom': 'Leclercq',
  'client.civilite': 'Madame',
  'devis.numero': 'DEV-2026-00042',
  'devis.acompte_pct': 30,
  'societe.nom': 'Menuiseries Dubois & Fils',
})

test.group('shared/textes / render', () => {
  test('placeholders are filled from the context, spaces inside the braces allowed', ({
    assert,
  }) => {
    assert.equal(
      renderTexte('{{client.civilite}} {{ client.nom }}, devis n° {{devis.numero}}', CONTEXT),
      'Madame Leclercq, devis n° DEV-2026-00042'
    )
    assert.equal(renderTexte('Acompte : {{devis.acompte_pct}} %', CONTEXT), 'Acompte : 30 %')
    assert.equal(renderTexte('Sans champ.\nDeux lignes.', CONTEXT), 'Sans champ.\nDeux lignes.')
    assert.equal(renderTexte('', CONTEXT), '')
  })

  test('an unknown or empty placeholder stays visible as it was typed', ({ assert }) => {
    assert.equal(
      renderTexte('Bonjour {{client.nmo}} de {{ facture.numero }}', CONTEXT),
      'Bonjour {{client.nmo}} de {{ facture.numero }}'
    )
    // A path that leads to an object, or to a null value, is not filled either
    assert.equal(renderTexte('{{client}}', CONTEXT), '{{client}}')
    assert.equal(
      renderTexte('{{client.email}}', contextFrom({ 'client.email': null })),
      '{{client.email}}'
    )
    // Not a placeholder: left alone
    assert.equal(renderTexte('{{ }} {client.nom} {{1abc}}', CONTEXT), '{{ }} {client.nom} {{1abc}}')
  })

  test('only the context’s own values are reachable, never the prototype', ({ assert }) => {
    for (const path of ['constructor', 'constructor.name', '__proto__', 'client.toString']) {
      assert.isNull(lookup(CONTEXT, path), path)
      assert.equal(renderTexte(`{{${path}}}`, CONTEXT), `{{${path}}}`)
    }
  })

  test('rendered to HTML, the text and the values are escaped, line breaks become <br>', ({
    assert,
  }) => {
    const context = contextFrom({
      'client.nom': '<img src=x onerror=alert(1)>',
      'societe.nom': 'Dubois & Fils',
    })
    const html = renderTexteHtml(
      '<b>Bonjour</b> {{client.nom}}\r\n{{societe.nom}} "vous" remercie\n{{inconnu.champ}}',
      context
    )
    assert.equal(
      html,
      '&lt;b&gt;Bonjour&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;<br>\n' +
        'Dubois &amp; Fils &quot;vous&quot; remercie<br>\n{{inconnu.champ}}'
    )
    assert.notInclude(html, '<img')
    assert.equal(escapeHtml(`'"<>&`), '&#39;&quot;&lt;&gt;&amp;')
  })

  test('segments mark filled and unknown placeholders for the preview', ({ assert }) => {
    assert.deepEqual(renderSegments('Cher {{client.nom}}, {{x.y}} !', CONTEXT), [
      { kind: 'text', text: 'Cher ' },
      { kind: 'value', text: 'Leclercq', key: 'client.nom' },
      { kind: 'text', text: ', ' },
      { kind: 'unknown', text: '{{x.y}}', key: 'x.y' },
      { kind: 'text', text: ' !' },
    ])
  })

  test('the preview sample fills every placeholder offered; typos are reported', ({ assert }) => {
    for (const p of PLACEHOLDERS) {
      assert.equal(renderTexte(`{{${p.key}}}`, SAMPLE_CONTEXT), p.sample, p.key)
    }
    assert.deepEqual(placeholdersIn('{{a.b}} {{ a.b }} {{client.nom}}'), ['a.b', 'client.nom'])
    assert.deepEqual(unknownPlaceholders('{{client.nom}} {{client.nmo}}'), ['client.nmo'])
  })

  test('authorName: a deleted account reads « Utilisateur supprimé »', ({ assert }) => {
    assert.equal(authorName({ name: 'Sophie Lambert' }), 'Sophie Lambert')
    assert.equal(authorName(null), DELETED_USER_LABEL)
    assert.equal(authorName(undefined), 'Utilisateur supprimé')
  })
})

test.group('services/textes / resolve for a user', (group) => {
  withTransaction(group)

  async function baseTexte() {
    return Texte.create({
      code: 'email_envoi_devis_test',
      titre: 'Envoi du devis',
      categorie: 'email_devis',
      contenu: 'Bonjour {{client.civilite}} {{client.nom}}, voici le devis {{devis.numero}}.',
      version: 1,
    })
  }

  test('without a version of his own, a user gets the base text', async ({ assert }) => {
    const texte = await baseTexte()
    const user = await makeUser('pro')
    const resolved = await resolveTexte(texte.code, user)
    assert.equal(resolved?.source, 'base')
    assert.equal(resolved?.contenu, texte.contenu)
    const anonymous = await resolveTexte(texte.code, null)
    assert.equal(anonymous?.source, 'base')
  })

  test('his own version wins for him, and only for him', async ({ assert }) => {
    const texte = await baseTexte()
    const author = await makeUser('pro')
    const colleague = await makeUser('pro')
    await UserTexte.create({
      userId: author.id,
      texteId: texte.id,
      contenu: 'Cher {{client.nom}}, ci-joint le devis {{devis.numero}}. À bientôt !',
    })
    const own = await resolveTexte(texte.code, author)
    assert.equal(own?.source, 'user')
    assert.equal(
      await renderTexteFor(texte.code, author, CONTEXT),
      'Cher Leclercq, ci-joint le devis DEV-2026-00042. À bientôt !'
    )
    assert.equal(
      await renderTexteFor(texte.code, colleague, CONTEXT),
      'Bonjour Madame Leclercq, voici le devis DEV-2026-00042.'
    )
  })

  test('HTML rendering for a user escapes; an unknown code gives null', async ({ assert }) => {
    const texte = await baseTexte()
    const user = await makeUser('esi')
    const html = await renderTexteFor(
      texte.code,
      user,
      contextFrom({ 'client.nom': '<script>x</script>' }),
      'html'
    )
    assert.equal(
      html,
      'Bonjour {{client.civilite}} &lt;script&gt;x&lt;/script&gt;, voici le devis {{devis.numero}}.'
    )
    assert.isNull(await resolveTexte('nexiste_pas', user))
    assert.isNull(await renderTexteFor('nexiste_pas', user, CONTEXT))
  })
})
