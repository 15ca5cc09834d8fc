/*
 * Demandes de paiement (DESIGN.md §2): asked from a bdc (the acompte by default, or a typed
 * amount never above the total), a unique valid structured communication, the e-mail with the
 * signed link, the esi page with the EPC QR code, the customer's page without an account (an
 * expired, altered or unknown link shows nothing), marking paid once, rights.
 */
import { test } from '@japa/runner'
import { systemActor } from '#services/actor'
import { randomBytes, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import DemandePaiement from '#models/demande_paiement'
import Bdc from '#models/bdc'
import AuditLog from '#models/audit_log'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, linkIn } from '#tests/auth_helpers'
import { BIC, fieldErrors, makeBdc } from '#tests/functional/bdc/helpers'
import { paymentLinkUrl, PAYMENT_LINK_PURPOSE } from '#services/paiement/payment_link'
import { INVALID_PAYMENT_LINK } from '#controllers/public/demande_paiement_controller'
import { isValidStructuredCommunication } from '#shared/validation/belgium'
import { epcPayload } from '#shared/epc'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import { appUrl } from '#config/app'
import Texte from '#models/texte'
import { DEMANDE_TEXTE_CODE } from '#services/paiement/demande_mail'
import { centsToInput, formatEuros } from '#shared/totals'
import { createDemandePaiementForBdc } from '#services/paiement/demande_paiement_service'

const uniqueEmail = () => `client-${randomBytes(6).toString('hex')}@example.com`

/** The form as the bdc page sends it, with the bdc's current version unless given. */
async function ask(client: any, user: any, bdcId: number, fields: Record<string, unknown> = {}) {
  const bdc = await Bdc.find(bdcId)
  const lockVersion = bdc?.lockVersion ?? 1
  return client
    .post(`/esi/bdc/${bdcId}/demandes-paiement`)
    .loginAs(user)
    .header('referer', `/esi/bdc/${bdcId}`)
    .form({ lock_version: lockVersion, ...fields })
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

async function newest(): Promise<DemandePaiement> {
  return DemandePaiement.query().orderBy('id', 'desc').firstOrFail()
}

test.group('Demandes de paiement', (group) => {
  withTransaction(group)

  test('from a bdc: the acompte by default, mailed with the signed link, IBAN and communication', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', { name: 'Sophie Lambert' })
    const email = uniqueEmail()
    const bdc = await makeBdc({ email })
    const response = await ask(client, user, bdc.id)
    const demande = await newest()
    response.assertStatus(302)
    response.assertHeader('location', `/esi/paiement/demandes/${demande.id}`)
    assert.equal(
      response.flashMessage('success'),
      `Demande de paiement ${demande.numero} créée et envoyée à ${email}.`
    )
    assert.match(demande.numero, /^DP-\d{4}-\d{5}$/)
    assert.equal(demande.montant, bdc.acompte)
    assert.equal(demande.bdcId, bdc.id)
    assert.equal(demande.email, email)
    assert.equal(demande.statut, 'envoyee')
    assert.equal(demande.iban, 'BE68539007547034')
    assert.equal(demande.bic, BIC)
    assert.isTrue(isValidStructuredCommunication(demande.communication))
    assert.match(demande.publicId, /^[0-9a-f-]{36}$/)
    assert.exists(
      await AuditLog.query()
        .where({ action: 'demande_paiement.creee', subject_id: String(demande.id) })
        .first()
    )

    const mail = await lastMailTo(email)
    assert.exists(mail, 'mail kept')
    assert.include(mail!.subject, demande.numero)
    assert.include(mail!.text!, 'BE68 5390 0754 7034')
    assert.include(mail!.text!, demande.communication)
    assert.include(mail!.text!, bdc.numero)
    const link = linkIn(mail!)
    assert.match(link, new RegExp(`^/paiement/${demande.publicId}\\?signature=`))
    // The link opens the customer's page without any account
    const page = await client.get(link).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Public/DemandePaiement')
    assert.equal(page.body().props.paiement.montant, bdc.acompte)
  })

  test('the e-mail body comes from the Texte modèle of its category when it exists', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', { name: 'Sophie Lambert' })
    await Texte.create({
      code: DEMANDE_TEXTE_CODE,
      titre: 'Demande de paiement de l’acompte',
      categorie: 'email_demande_paiement',
      contenu:
        'Bonjour {{client.nom}}, versez {{paiement.montant}} avec {{facture.communication}} : {{paiement.lien}} — {{user.nom}}',
      version: 1,
    })
    const email = uniqueEmail()
    const bdc = await makeBdc({ email, clientNom: 'Lambert' })
    await ask(client, user, bdc.id)
    const demande = await newest()
    const mail = await lastMailTo(email)
    assert.include(
      mail!.text!,
      `versez ${formatEuros(demande.montant)} avec ${demande.communication}`
    )
    assert.include(mail!.text!, '— Sophie Lambert')
    // The placeholder link is the signed one; the HTML part escapes the text
    assert.match(linkIn(mail!), new RegExp(`^/paiement/${demande.publicId}\\?signature=`))
    assert.include(mail!.html!, 'Voir la demande et le code QR')
  })

  test('a typed amount is parsed; above the total or malformed is refused next to the field', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: uniqueEmail() })
    await ask(client, user, bdc.id, { montant: '1 234,56' })
    const parsed = await newest()
    assert.equal(parsed.montant, 123456)

    const count = async () => {
      const rows = await DemandePaiement.query().where('bdc_id', bdc.id)
      return rows.length
    }
    const before = await count()
    const tooMuch = await ask(client, user, bdc.id, {
      montant: `${Math.floor(bdc.totalTtc / 100) + 1}`,
    })
    assert.deepEqual(fieldErrors(tooMuch).montant, [
      'Le montant demandé dépasse le total TTC du bon de commande.',
    ])
    const malformed = await ask(client, user, bdc.id, { montant: '12,345' })
    assert.deepEqual(fieldErrors(malformed).montant, ['Un montant a au plus deux décimales.'])
    const zero = await ask(client, user, bdc.id, { montant: '0' })
    assert.deepEqual(fieldErrors(zero).montant, ['Le montant demandé doit être positif.'])
    const badEmail = await ask(client, user, bdc.id, { email: 'pas-une-adresse' })
    assert.deepEqual(fieldErrors(badEmail).email, ['Veuillez saisir une adresse e-mail valide.'])
    assert.equal(await count(), before)
  })

  test('all the requests of a bdc together never ask more than its total', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: uniqueEmail() })
    await ask(client, user, bdc.id, { montant: centsToInput(bdc.acompte) })
    const reste = bdc.totalTtc - bdc.acompte
    const tooMuch = await ask(client, user, bdc.id, { montant: centsToInput(reste + 1) })
    assert.deepEqual(fieldErrors(tooMuch).montant, [
      `Le montant demandé dépasse le reste à demander sur ce bon de commande (${formatEuros(reste)}).`,
    ])
    await ask(client, user, bdc.id, { montant: centsToInput(reste) })
    const none = await ask(client, user, bdc.id, { montant: '0,01' })
    assert.deepEqual(fieldErrors(none).montant, [
      'Tout le montant de ce bon de commande a déjà été demandé.',
    ])
    const rows = await DemandePaiement.query().where('bdc_id', bdc.id)
    assert.equal(
      rows.reduce((sum, d) => sum + d.montant, 0),
      bdc.totalTtc
    )
    // The service refuses it too, whoever calls it (the controller's check is for the field)
    await assert.rejects(async () => {
      const current = await Bdc.findOrFail(bdc.id)
      return createDemandePaiementForBdc(systemActor(), {
        bdcId: bdc.id,
        montant: 1,
        lockVersion: current.lockVersion,
        userId: user.id,
      })
    }, /déjà été demandé/)
  })

  test('the same form sent twice (double click, retry) makes one request', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: uniqueEmail() })
    const seen = bdc.lockVersion
    const first = await ask(client, user, bdc.id, { lock_version: seen })
    assert.match(first.header('location'), /^\/esi\/paiement\/demandes\/\d+$/)
    const again = await ask(client, user, bdc.id, { lock_version: seen })
    assert.equal(again.header('location'), `/esi/bdc/${bdc.id}`)
    assert.match(String(again.flashMessages().error), /a été modifié depuis que vous l’avez ouvert/)
    const rows = await DemandePaiement.query().where('bdc_id', bdc.id)
    assert.lengthOf(rows, 1)
    // Without the version: a French error next to nothing lost, no request
    const missing = await client
      .post(`/esi/bdc/${bdc.id}/demandes-paiement`)
      .loginAs(user)
      .header('referer', `/esi/bdc/${bdc.id}`)
      .form({ montant: '10,00' })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.exists(fieldErrors(missing).lock_version)
    assert.lengthOf(await DemandePaiement.query().where('bdc_id', bdc.id), 1)
  })

  test('communications are valid mod 97 and unique; the esi page shows the EPC QR code', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: uniqueEmail() })
    await ask(client, user, bdc.id)
    const first = await newest()
    await ask(client, user, bdc.id, { montant: '100' })
    const second = await newest()
    assert.notEqual(first.communication, second.communication)
    assert.isTrue(isValidStructuredCommunication(second.communication))

    const page = await client.get(`/esi/paiement/demandes/${second.id}`).loginAs(user).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('esi/paiement/DemandePaiement')
    const props = page.body().props.demande
    assert.equal(props.montant, 10000)
    assert.equal(props.iban, 'BE68 5390 0754 7034')
    assert.equal(props.communication, second.communication)
    assert.match(props.qr_data_url, /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    assert.include(props.lien, `/paiement/${second.publicId}?signature=`)
    assert.isFalse(props.lien_expire)
    assert.deepEqual(props.bdc, { id: bdc.id, numero: bdc.numero })
    // The QR encodes the EPC payload of this demande (12-digit structured reference)
    assert.include(
      epcPayload({
        bic: second.bic,
        beneficiaire: second.beneficiaire,
        iban: second.iban,
        montant: 10000,
        reference: second.communication,
      }),
      `EUR100.00\n\n${second.communication.replace(/\D/g, '')}`
    )

    // The bdc's Show page lists both
    const show = await client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    assert.lengthOf(show.body().props.bdc.demandes, 2)
  })

  test('the public page: no account, only what is needed, no-referrer and noindex', async ({
    client,
    assert,
  }) => {
    const bdc = await makeBdc({ email: uniqueEmail(), clientNom: 'Lambert' })
    const user = await makeUser('esi')
    await ask(client, user, bdc.id)
    const demande = await newest()
    const response = await client.get(pathOf(paymentLinkUrl(demande))).withInertia()
    response.assertStatus(200)
    assert.equal(response.header('referrer-policy'), 'no-referrer')
    assert.include(response.header('x-robots-tag'), 'noindex')
    const props = response.body().props
    assert.deepEqual(Object.keys(props.paiement).sort(), [
      'beneficiaire',
      'bic',
      'communication',
      'iban',
      'lien_expire_le',
      'montant',
      'numero',
      'objet',
      'payee_le',
      'qr_data_url',
      'statut',
    ])
    assert.equal(props.paiement.communication, demande.communication)
    assert.equal(props.societe.nom, 'Menuiseries Test SRL')
    // Nothing else about the customer: no e-mail, no address, no ids
    const text = JSON.stringify(props)
    assert.notInclude(text, String(demande.email))
    assert.notProperty(props.paiement, 'id')
    assert.notProperty(props.paiement, 'email')
    assert.isNull(props.user ?? null, 'no session user')
  })

  test('expired, altered or unknown links answer 403 and show nothing', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ email: uniqueEmail() })
    await ask(client, user, bdc.id)
    const demande = await newest()
    const good = pathOf(paymentLinkUrl(demande))

    const refused = async (url: string, label: string) => {
      const response = await client.get(url).withInertia()
      assert.equal(response.status(), 403, label)
      response.assertInertiaComponent('Public/DemandePaiement')
      const props = response.body().props
      assert.isNull(props.paiement, label)
      assert.isNull(props.societe, label)
      assert.equal(props.message, INVALID_PAYMENT_LINK)
      assert.notInclude(JSON.stringify(props), demande.communication)
    }

    // A link signed with an expiry in the past
    await refused(pathOf(paymentLinkUrl(demande, DateTime.now().minus({ minutes: 1 }))), 'expired')
    // Tampered: a character of the signature changed, or another public id with this signature
    const signature = new URL(good, appUrl).searchParams.get('signature')!
    const flipped = signature.slice(0, -3) + (signature.endsWith('AAA') ? 'BBB' : 'AAA')
    await refused(`/paiement/${demande.publicId}?signature=${flipped}`, 'tampered signature')
    const other = randomUUID()
    await refused(`/paiement/${other}?signature=${signature}`, 'other id, same signature')
    await refused(`/paiement/${demande.publicId}`, 'no signature')
    // A validly signed link to a public id that does not exist
    const unknown = signedUrlFor(
      'signed.paiement.show',
      { publicId: randomUUID() },
      { expiresIn: '1 hour', purpose: PAYMENT_LINK_PURPOSE, prefixUrl: appUrl }
    )
    await refused(pathOf(unknown), 'unknown public id')
    // A link signed for another purpose (e.g. copied from another kind of email)
    const wrongPurpose = signedUrlFor(
      'signed.paiement.show',
      { publicId: demande.publicId },
      { expiresIn: '1 hour', purpose: 'verify_email', prefixUrl: appUrl }
    )
    await refused(pathOf(wrongPurpose), 'wrong purpose')
    // Still signed, but the demande's own expiry has passed
    demande.lienExpireLe = DateTime.now().minus({ days: 1 })
    await demande.save()
    await refused(good, 'expired in the database')
  })

  test('marked paid once (audited), then refused; the customer sees "Payée le"', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const email = uniqueEmail()
    const bdc = await makeBdc({ email })
    await ask(client, user, bdc.id)
    const demande = await newest()
    const pay = () =>
      client
        .post(`/esi/paiement/demandes/${demande.id}/payee`)
        .loginAs(user)
        .header('referer', `/esi/paiement/demandes/${demande.id}`)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const first = await pay()
    first.assertHeader('location', `/esi/paiement/demandes/${demande.id}`)
    assert.equal(first.flashMessage('success'), `Demande ${demande.numero} marquée comme payée.`)
    await demande.refresh()
    assert.equal(demande.statut, 'payee')
    assert.exists(demande.payeeLe)
    assert.exists(
      await AuditLog.query()
        .where({ action: 'demande_paiement.payee', subject_id: String(demande.id) })
        .first()
    )

    const second = await pay()
    assert.equal(
      second.flashMessage('error'),
      `La demande ${demande.numero} est déjà marquée payée.`
    )

    const page = await client.get(pathOf(paymentLinkUrl(demande))).withInertia()
    assert.equal(page.body().props.paiement.statut, 'payee')
    assert.exists(page.body().props.paiement.payee_le)

    // Nothing to resend for a paid demande
    const resend = await client
      .post(`/esi/paiement/demandes/${demande.id}/renvoyer`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(resend.flashMessage('error'), 'déjà payée')
  })

  test('resend the e-mail of a demande awaiting payment', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const email = uniqueEmail()
    const bdc = await makeBdc({ email })
    await ask(client, user, bdc.id)
    const demande = await newest()
    const response = await client
      .post(`/esi/paiement/demandes/${demande.id}/renvoyer`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.equal(response.flashMessage('success'), `E-mail renvoyé à ${email}.`)
    assert.exists(
      await AuditLog.query()
        .where({ action: 'demande_paiement.renvoyee', subject_id: String(demande.id) })
        .first()
    )
  })

  test('rights: pro and other refused, guest to login, unknown 404, cancelled bdc refused', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const bdc = await makeBdc({ email: uniqueEmail() })
    await ask(client, esi, bdc.id)
    const demande = await newest()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const page = await client
        .get(`/esi/paiement/demandes/${demande.id}`)
        .loginAs(user)
        .withInertia()
        .redirects(0)
      assert.equal(page.status(), 403, role)
      for (const url of [
        `/esi/paiement/demandes/${demande.id}/payee`,
        `/esi/bdc/${bdc.id}/demandes-paiement`,
      ]) {
        const post = await client.post(url).loginAs(user).withCsrfToken().redirects(0)
        assert.equal(post.status(), 403, `${role} ${url}`)
      }
    }
    await demande.refresh()
    assert.equal(demande.statut, 'envoyee')
    const guest = await client.get(`/esi/paiement/demandes/${demande.id}`).redirects(0)
    assert.equal(guest.header('location'), '/login')
    const unknown = await client
      .get('/esi/paiement/demandes/999999')
      .loginAs(esi)
      .withInertia()
      .redirects(0)
    assert.equal(unknown.status(), 404)
    const unknownBdc = await ask(client, esi, 999999)
    assert.equal(unknownBdc.status(), 404)

    // A cancelled bdc asks for no payment
    const cancelled = await makeBdc({ email: uniqueEmail() })
    await client
      .post(`/esi/bdc/${cancelled.id}/annuler`)
      .loginAs(esi)
      .form({ motif: 'Doublon', lock_version: cancelled.lockVersion })
      .withCsrfToken()
      .withInertia()
    const refused = await ask(client, esi, cancelled.id)
    assert.include(refused.flashMessage('error'), 'est annulé')
    assert.lengthOf(await DemandePaiement.query().where('bdc_id', cancelled.id), 0)
  })
})
