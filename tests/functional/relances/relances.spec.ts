/*
 * Relances over HTTP on the real database (decisions 245–254): level 1 e-mailed with the
 * facture's PDF and the consumer's free-reminder paragraph; a second click records and sends
 * nothing; a level not due, a draft, a paid facture refused; the B2B mise en demeure's letter
 * with the legal rate, the interest and the 40 € indemnity; rights (403 for a non-staff user,
 * 404 for unknown ids); the facture page's « Relances » block.
 */
import { test } from '@japa/runner'
import { writeFile } from 'node:fs/promises'
import Texte from '#models/texte'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, mailsTo } from '#tests/auth_helpers'
import { getPdf, pdfText } from '#tests/functional/pdf/pdf_text'
import { libreDraft } from '#tests/functional/factures/helpers'
import { pay } from '#tests/functional/creances/helpers'
import { lateFacture, recorded, relancesOf } from '#tests/functional/relances/helpers'
import { addDays, formatDate, todayIso } from '#shared/dates'
import { RELANCE_DELAIS } from '#shared/relances'

const relancer = (client: any, user: any, id: number, body: Record<string, unknown>) =>
  client
    .post(`/esi/compta/facture/${id}/relances`)
    .loginAs(user)
    .header('referer', `/esi/compta/facture/${id}`)
    .json(body)
    .withCsrfToken()
    .withInertia()
    .redirects(0)

test.group('Relances / a facture relanced by hand', (group) => {
  withTransaction(group)

  test('level 1 by e-mail: the Texte, the PDF attached, the free-reminder paragraph', async ({
    client,
    assert,
  }) => {
    await Texte.create({
      code: 'relance_niveau_1',
      titre: 'Relance 1',
      categorie: 'relance_facture',
      contenu:
        'Bonjour {{client.nom}}, la facture {{facture.numero}} échue le {{facture.echeance}} reste due ({{facture.reste}}, {{relance.jours_retard}} jours de retard).',
      version: 1,
    })
    const user = await makeUser('esi')
    const { facture, client: c } = await lateFacture(RELANCE_DELAIS[1] + 3)

    const page = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    const props = page.body().props
    assert.deepEqual(props.relances.historique, [])
    assert.deepInclude(props.relances.prochaine, { niveau: 1, due: true })

    const sent = await relancer(client, user, facture.id, { niveau: 1, canal: 'email' })
    sent.assertStatus(302)
    assert.include(sent.flashMessage('success'), `envoyée à ${c.email}`)
    const mail = await lastMailTo(c.email!)
    assert.exists(mail)
    assert.include(mail!.subject, `Rappel amical — facture ${facture.numero}`)
    assert.include(mail!.text!, `Bonjour Lemaire, la facture ${facture.numero}`)
    assert.include(mail!.text!, `${RELANCE_DELAIS[1] + 3} jours de retard`)
    assert.include(mail!.text!, 'Ce premier rappel est gratuit')
    assert.deepEqual(
      (mail!.attachments ?? []).map((a) => [a.filename, a.contentType]),
      [[`${facture.numero}.pdf`, 'application/pdf']]
    )
    const rows = await relancesOf(facture)
    assert.lengthOf(rows, 1)
    assert.deepInclude(rows[0].serialize(), {
      niveau: 1,
      canal: 'email',
      mailEnvoye: true,
      envoyePar: user.id,
      destinataire: c.email,
    })
    assert.include(rows[0].texte, `la facture ${facture.numero}`)

    const after = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    const relances = after.body().props.relances
    assert.lengthOf(relances.historique, 1)
    assert.deepInclude(relances.historique[0], { niveau: 1, canal: 'email', mail_envoye: true })
    assert.deepEqual(relances.prochaine, {
      niveau: 2,
      due_le: addDays(todayIso(), RELANCE_DELAIS[2]),
      due: false,
    })
  })

  test('a second click records and sends nothing more', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { facture, client: c } = await lateFacture(RELANCE_DELAIS[1])
    await relancer(client, user, facture.id, { niveau: 1, canal: 'email' })
    const again = await relancer(client, user, facture.id, { niveau: 1, canal: 'email' })
    again.assertStatus(302)
    assert.include(again.flashMessage('error'), 'déjà été faite')
    assert.lengthOf(await relancesOf(facture), 1)
    assert.equal(await mailsTo(c.email!), 1)
  })

  test('refused: a level not due yet, a level skipped, a draft, a paid facture', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { facture: early } = await lateFacture(RELANCE_DELAIS[1] - 1)
    const notYet = await relancer(client, user, early.id, { niveau: 1, canal: 'courrier' })
    assert.include(notYet.flashMessage('error'), 'n’est pas due')

    const { facture } = await lateFacture(60)
    const skipped = await relancer(client, user, facture.id, { niveau: 2, canal: 'courrier' })
    assert.include(skipped.flashMessage('error'), 'la prochaine est le niveau 1')

    const draft = await libreDraft()
    const refused = await relancer(client, user, draft.id, { niveau: 1, canal: 'courrier' })
    assert.include(refused.flashMessage('error'), 'pas à relancer')

    const { facture: paid } = await lateFacture(30)
    await pay(paid, paid.totalTtc)
    const none = await relancer(client, user, paid.id, { niveau: 1, canal: 'courrier' })
    assert.include(none.flashMessage('error'), 'pas à relancer')

    // A client without an address: by letter only
    const { facture: noMail } = await lateFacture(30, { email: null })
    const mailRefused = await relancer(client, user, noMail.id, { niveau: 1, canal: 'email' })
    assert.include(mailRefused.flashMessage('error'), 'pas d’adresse e-mail')

    const bad = await client
      .post(`/esi/compta/facture/${facture.id}/relances`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ niveau: 4, canal: 'fax' })
      .withCsrfToken()
    bad.assertStatus(422)
    const text = JSON.stringify(bad.body())
    assert.include(text, 'Niveau de relance inconnu')
    assert.include(text, 'Choisissez l’envoi par e-mail ou par courrier.')

    for (const f of [early, facture, draft, paid, noMail]) assert.lengthOf(await relancesOf(f), 0)
  })

  test('B2B mise en demeure by letter: the legal rate, the interest and the 40 € in the PDF', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const late = 60
    const { facture } = await lateFacture(late, { professionnel: true, htCents: 301_653 })
    await recorded(facture, 1, addDays(todayIso(), -40))
    await recorded(facture, 2, addDays(todayIso(), -20))

    const sent = await relancer(client, user, facture.id, { niveau: 3, canal: 'courrier' })
    assert.include(sent.flashMessage('success'), 'imprimez la lettre')
    const rows = await relancesOf(facture)
    const letter = rows.find((r) => r.niveau === 3)!
    // 3 650,00 € TTC × 10,50 % × 60 / 365 = 63,00 €
    assert.equal(facture.totalTtc, 365_000)
    assert.deepInclude(letter.serialize(), {
      canal: 'courrier',
      mailEnvoye: null,
      joursRetard: late,
      interets: 6300,
      indemnite: 4000,
      tauxInteret: 10.5,
    })

    const { response, body } = await getPdf(client, `/esi/compta/relances/${letter.id}/pdf`, user)
    response.assertStatus(200)
    // To look at it: RELANCES_SCREENSHOTS=/some/dir
    if (process.env.RELANCES_SCREENSHOTS) {
      await writeFile(`${process.env.RELANCES_SCREENSHOTS}/mise-en-demeure.pdf`, body)
    }
    assert.equal(response.header('content-type'), 'application/pdf')
    const { text } = await pdfText(body)
    assert.include(text, `Objet : Mise en demeure — facture ${facture.numero}`)
    assert.include(text, formatDate(todayIso()))
    assert.include(text, 'loi du 2 août 2002')
    assert.include(text, '10,50 %')
    assert.include(text, 'Intérêts de retard')
    assert.include(text, '63,00 €')
    assert.include(text, 'Indemnité forfaitaire pour frais de recouvrement')
    assert.include(text, '40,00 €')
    assert.include(text, '3 753,00 €')
    assert.include(text, 'Lemaire SRL')
    assert.include(text, facture.communication!)

    // Nothing after the mise en demeure
    const page = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    assert.isNull(page.body().props.relances.prochaine)
    assert.lengthOf(page.body().props.relances.historique, 3)
  })

  test('a consumer’s mise en demeure claims no commercial interest nor indemnity', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { facture } = await lateFacture(60)
    await recorded(facture, 1, addDays(todayIso(), -40))
    await recorded(facture, 2, addDays(todayIso(), -20))
    await relancer(client, user, facture.id, { niveau: 3, canal: 'courrier' })
    const rows = await relancesOf(facture)
    const letter = rows.find((r) => r.niveau === 3)!
    assert.deepInclude(letter.serialize(), { interets: 0, indemnite: 0, tauxInteret: null })
    const { body } = await getPdf(client, `/esi/compta/relances/${letter.id}/pdf`, user)
    const { text } = await pdfText(body)
    assert.include(text, 'livre XIX du Code de droit économique')
    assert.notInclude(text, '2 août 2002')
    assert.notInclude(text, 'Indemnité forfaitaire pour frais')
  })

  test('rights: 403 for anyone but staff, 404 for unknown ids', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const pro = await makeUser('pro')
    const { facture } = await lateFacture(30)
    const forbidden = await client
      .post(`/esi/compta/facture/${facture.id}/relances`)
      .loginAs(pro)
      .json({ niveau: 1, canal: 'courrier' })
      .withCsrfToken()
      .redirects(0)
    forbidden.assertStatus(403)
    const list = await client.get('/esi/compta/relances').loginAs(pro).redirects(0)
    list.assertStatus(403)
    assert.lengthOf(await relancesOf(facture), 0)

    const unknown = await client
      .post('/esi/compta/facture/999999999/relances')
      .loginAs(esi)
      .json({ niveau: 1, canal: 'courrier' })
      .withCsrfToken()
      .redirects(0)
    unknown.assertStatus(404)
    const pdf = await client.get('/esi/compta/relances/999999999/pdf').loginAs(esi).redirects(0)
    pdf.assertStatus(404)
    const junk = await client.get('/esi/compta/relances/abc/pdf').loginAs(esi).redirects(0)
    junk.assertStatus(404)
  })
})
