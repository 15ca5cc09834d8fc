/*
 * Accessibility of the key pages (issue 10 §4): axe-core (WCAG 2 A and AA rules) finds no
 * serious or critical violation on any of them, in light and in dark mode, at desktop width.
 * Every page of a test is checked before the assertion, so one failure lists them all.
 * Then a phone (390 px): a toast, a 60-character e-mail and « Changer » stay inside the screen
 * and their card (DECISIONS.md 191, 192).
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { loginAs, newPage } from '#tests/browser/helpers/browser'
import { sweep } from '#tests/browser/helpers/accessibility'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { makeDevis } from '#tests/functional/pdf/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { makeOffre, proWithContact } from '#tests/functional/offres/helpers'
import { makeSociete } from '#tests/functional/societes/helpers'

test.group('Browser / accessibility (axe)', (group) => {
  withTransaction(group)

  test('the login page, logged out', async ({ assert }) => {
    const found = await sweep(null, ['/login'])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  })

  test('the esi pages: dashboard, clients, devis, bdc, commandes, sociétés, profile', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ user })
    const brouillon = await makeDevis({ commercialId: user.id })
    const societe = await makeSociete('pro', { nom: 'Menuiserie Partenaire SRL' })
    const found = await sweep(user, [
      '/dashboard',
      '/esi/customers',
      `/esi/customers/${bdc.clientId}`,
      '/esi/devis',
      `/esi/devis/${brouillon.devis.id}/edit`,
      '/esi/bdc',
      `/esi/bdc/${bdc.id}`,
      '/esi/commandes',
      '/app/company',
      `/app/company/${societe.id}/edit`,
      '/profile',
    ])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(600_000)

  test('the pro pages: dashboard, contacts, a contact, offres, an offre, profile', async ({
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { auteur: pro })
    // A sent one too: its statut badge has its own colours
    await makeOffre(societe, contact, { auteur: pro, statut: 'envoyee' })
    const found = await sweep(pro, [
      '/dashboard',
      '/app/contacts',
      `/app/contacts/${contact.id}`,
      '/app/offres',
      '/app/offres/create',
      `/app/offres/${offre.id}/edit`,
      `/app/offres/${offre.id}/preview`,
      '/profile',
    ])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(300_000)
})

/** Where `inner` goes out of `outer` (px beyond each edge), nothing when it is inside. */
function overflowOf(inner: DOMRect | null, outer: DOMRect | null) {
  if (!inner || !outer) return ['missing']
  const out: string[] = []
  if (inner.left < outer.left - 0.5) out.push(`left ${outer.left - inner.left}`)
  if (inner.right > outer.right + 0.5) out.push(`right ${inner.right - outer.right}`)
  return out
}

test.group('Browser / long texts and toasts on a phone', (group) => {
  withTransaction(group)

  test('at 390 px a toast, a long e-mail and « Changer » stay inside the screen and their card', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    // 60 characters without a hyphen: no place a browser would break it by itself
    const email = 'jeanbaptiste.vandenberghedelacroix@menuiserievandenberghe.be'
    const client = await ClientFactory.merge({ nom: 'Vandenberghe', email }).create()
    const made = await makeDevis({ client, commercialId: user.id })
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await loginAs(page, user.email, TEST_PASSWORD)
    const viewport = { left: 0, right: 390 } as DOMRect
    const problems: string[] = []

    // The client's page: the e-mail inside its block, the page not wider than the phone
    await page.goto(`/esi/customers/${client.idClient}`)
    const link = page.locator(`a[href="mailto:${email}"]`)
    await link.waitFor()
    const boxes = await link.evaluate((el) => ({
      link: el.getBoundingClientRect().toJSON(),
      block: el.closest('.block')!.getBoundingClientRect().toJSON(),
      width: document.documentElement.scrollWidth,
    }))
    problems.push(
      ...overflowOf(boxes.link, boxes.block).map((o) => `e-mail out of its block: ${o}`)
    )
    if (boxes.width > 390) problems.push(`the client page scrolls sideways: ${boxes.width} px`)

    // A long toast naming the address, through the app's own toast module (as Vite serves it)
    await page.evaluate(async (address) => {
      const path = '/inertia/lib/toast.ts'
      const { toast: show } = await import(/* @vite-ignore */ path)
      void show('error', `L’e-mail à ${address} n’a pas pu partir : réessayez plus tard.`)
    }, email)
    const toast = page.locator('.swal2-toast')
    await toast.waitFor()
    await page.waitForTimeout(500)
    const toastBoxes = await toast.evaluate((el) => ({
      toast: el.getBoundingClientRect().toJSON(),
      title: el.querySelector('.swal2-title')!.getBoundingClientRect().toJSON(),
    }))
    if (process.env.PHONE_A11Y_SCREENSHOT)
      await page.screenshot({ path: `${process.env.PHONE_A11Y_SCREENSHOT}-client.png` })
    problems.push(
      ...overflowOf(toastBoxes.toast, viewport).map((o) => `toast out of the screen: ${o}`)
    )
    problems.push(
      ...overflowOf(toastBoxes.title, toastBoxes.toast).map((o) => `toast text out of it: ${o}`)
    )

    // The client card of the devis editor: the e-mail and « Changer » inside it
    await page.goto(`/esi/devis/${made.devis.id}/edit`)
    const card = page.getByTestId('client-choisi')
    await card.waitFor()
    const cardBox = await card.evaluate((el) => el.getBoundingClientRect().toJSON())
    const changer = await card
      .getByRole('button', { name: 'Changer' })
      .evaluate((el) => el.getBoundingClientRect().toJSON())
    const cardText = await card
      .getByText(email)
      .evaluate((el) => el.getBoundingClientRect().toJSON())
    if (process.env.PHONE_A11Y_SCREENSHOT)
      await page.screenshot({ path: `${process.env.PHONE_A11Y_SCREENSHOT}-editor.png` })
    problems.push(
      ...overflowOf(changer, cardBox).map((o) => `« Changer » out of the client card: ${o}`)
    )
    problems.push(
      ...overflowOf(cardText, cardBox).map((o) => `e-mail out of the client card: ${o}`)
    )
    problems.push(
      ...overflowOf(cardBox, viewport).map((o) => `client card out of the screen: ${o}`)
    )
    // « Changer » on one line (a squeezed button would break it letter by letter)
    if (changer.height > 40) problems.push(`« Changer » wraps: ${changer.height} px high`)
    assert.deepEqual(problems, [], problems.join(' ; '))
    await page.context().close()
  })
})
