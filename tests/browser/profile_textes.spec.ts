/*
 * Profile forms and textes modèles in a real Chromium: a French error next to the field with
 * what was typed kept; the live preview filled by the shared placeholder function, markup
 * shown as text and never run; a pro's own version saved, then reset to the company's text.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { makeTexte } from '#tests/functional/routes/params/textes'
import UserTexte from '#models/user_texte'

const VIEWPORT = { viewport: { width: 1280, height: 900 } }
const PAYLOAD = '<img src=x onerror="window.__xss=1">Bonjour {{client.nom}} {{client.nmo}}'

test.group('Browser / profile and textes', (group) => {
  withTransaction(group)

  test('a wrong current password is refused next to its field; the rest stays typed', async ({
    assert,
  }) => {
    const user = await makeUser('pro', { name: 'Julien Dupont' })
    const page = await newPage(VIEWPORT)
    await loginAs(page, user.email, TEST_PASSWORD)
    await page.goto('/profile')
    await page.fill('#password-current', 'pas-le-bon')
    await page.fill('#password-new', 'une-phrase-de-passe-neuve')
    await page.fill('#password-confirmation', 'une-phrase-de-passe-neuve')
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
    await page.locator('#password-current-error').waitFor()
    assert.equal(
      await page.locator('#password-current-error').textContent(),
      'Le mot de passe actuel est incorrect.'
    )
    assert.equal(await page.inputValue('#password-new'), 'une-phrase-de-passe-neuve')
    assert.equal(await page.inputValue('#password-current'), '')

    // The name form next to it: saved, and the toast says so
    await page.fill('#profile-name', 'Julien Dupont-Renard')
    await page
      .locator('#section-profile-information-title')
      .getByRole('button', { name: 'Enregistrer' })
      .click()
    await page.getByText('Votre profil est enregistré.').waitFor()
    await user.refresh()
    assert.equal(user.name, 'Julien Dupont-Renard')
    await page.context().close()
  })

  test('the live preview fills the placeholders and shows markup as plain text', async ({
    assert,
  }) => {
    const texte = await makeTexte({ titre: 'Introduction de test', contenu: 'Bonjour' })
    const staff = await makeUser('esi')
    const page = await newPage(VIEWPORT)
    await loginAs(page, staff.email, TEST_PASSWORD)
    await page.goto('/esi/textes')
    await page.getByRole('link', { name: 'Introduction de test' }).click()
    await page.waitForURL(`**/esi/textes/${texte.id}`)

    await page.fill('textarea[name="contenu"]', PAYLOAD)
    const preview = page.getByTestId('texte-preview')
    await preview.getByText('Leclercq').waitFor()
    assert.equal(
      await preview.textContent(),
      '<img src=x onerror="window.__xss=1">Bonjour Leclercq {{client.nmo}}'
    )
    assert.equal(await preview.locator('img').count(), 0)
    await page.getByText('Champ inconnu, imprimé tel quel : {{client.nmo}}').waitFor()

    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await page.getByText('Le texte modèle est enregistré.').waitFor()
    await page.reload()
    assert.equal(await page.inputValue('textarea[name="contenu"]'), PAYLOAD)
    assert.isUndefined(await page.evaluate(() => (window as any).__xss))
    await page.context().close()
  })

  test('a pro saves his own version of a text, then goes back to the company’s', async ({
    assert,
  }) => {
    const texte = await makeTexte({ titre: 'Relance maison', categorie: 'email_relance' })
    const pro = await makeUser('pro')
    const page = await newPage(VIEWPORT)
    await loginAs(page, pro.email, TEST_PASSWORD)
    await page.goto('/profile')
    const item = page.getByTestId(`user-texte-${texte.code}`)
    await item.getByRole('button', { name: 'Personnaliser' }).click()
    await item.locator('textarea').fill('Cher {{client.civilite}} {{client.nom}}, un petit rappel.')
    await item.getByTestId('texte-preview').getByText('Madame').waitFor()
    await item.getByRole('button', { name: 'Enregistrer ma version' }).click()
    await item.getByText('Ma version', { exact: true }).waitFor()
    const own = await UserTexte.query().where('user_id', pro.id).firstOrFail()
    assert.equal(own.contenu, 'Cher {{client.civilite}} {{client.nom}}, un petit rappel.')

    await item.getByRole('button', { name: 'Rétablir' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Rétablir' }).click()
    await item.getByText('Texte de la société', { exact: true }).waitFor()
    assert.isNull(await UserTexte.find(own.id))
    await page.context().close()
  })
})
