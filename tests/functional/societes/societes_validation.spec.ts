/*
 * The société form's rules, with French messages next to the fields: Belgian VAT number (format
 * and mod 97), IBAN (ISO 13616), BIC, phone, postcode, e-mail; valid values stored normalised.
 */
import { test } from '@japa/runner'
import Societe from '#models/societe'
import { makeUser, withTransaction } from '#tests/helpers'
import { fieldErrors, send, societeOf } from '#tests/functional/societes/helpers'
import { FIELD_MESSAGES } from '#shared/societes'

const VALID = {
  nom: 'Menuiserie Lambert',
  type: 'client',
  forme_juridique: 'SRL',
  numero_tva: 'be 0811.223.371',
  rpm: 'RPM Liège',
  adresse: 'Rue de Fer 12',
  code_postal: '5000',
  localite: 'Namur',
  pays: 'BE',
  email: 'Info@Lambert.BE',
  telephone: '+32 81 22 33 44',
  iban: 'be68 5390 0754 7034',
  bic: 'gkcc bebb',
}

test.group('Sociétés / form rules', (group) => {
  withTransaction(group)

  test('valid values are stored normalised', async ({ client, assert }) => {
    const user = await makeUser('other')
    const response = await send(client, 'post', '/app/company', user, VALID, '/app/company/create')
    response.assertStatus(302)
    assert.isEmpty(fieldErrors(response))
    const societe = await Societe.findByOrFail('nom', 'Menuiserie Lambert')
    assert.equal(societe.numeroTva, 'BE0811223371')
    assert.equal(societe.iban, 'BE68539007547034')
    assert.equal(societe.bic, 'GKCCBEBB')
    assert.equal(societe.email, 'info@lambert.be')
  })

  test('a wrong VAT number, IBAN, BIC, phone and postcode: one French message each', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const response = await send(
      client,
      'post',
      '/app/company',
      user,
      {
        ...VALID,
        numero_tva: 'BE0811223372', // check digits off by one
        iban: 'BE68539007547035',
        bic: 'GKCC',
        telephone: 'appelez-moi',
        code_postal: '123',
        email: 'pas-un-email',
      },
      '/app/company/create'
    )
    response.assertStatus(302)
    assert.equal(response.header('location'), '/app/company/create')
    const errors = fieldErrors(response)
    assert.deepEqual(errors.numero_tva, [FIELD_MESSAGES.numeroTva])
    assert.deepEqual(errors.iban, [FIELD_MESSAGES.iban])
    assert.deepEqual(errors.bic, [FIELD_MESSAGES.bic])
    assert.deepEqual(errors.telephone, [FIELD_MESSAGES.telephone])
    assert.deepEqual(errors.code_postal, [FIELD_MESSAGES.codePostal])
    assert.deepEqual(errors.email, ['Veuillez saisir une adresse e-mail valide.'])
    assert.isNull(await Societe.findBy('nom', 'Menuiserie Lambert'))
  })

  test('VAT formats: old 9-digit numbers get their 0; letters, lengths and first digits are checked', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const societe = await societeOf(user, 'client')
    // Each save carries the version the form would have seen (optimistic lock)
    const put = async (numero_tva: string, extra: Record<string, string> = {}) => {
      await societe.refresh()
      return send(client, 'put', `/app/company/${societe.id}`, user, {
        nom: 'X SRL',
        numero_tva,
        lock_version: societe.lockVersion,
        ...extra,
      })
    }

    assert.isEmpty(fieldErrors(await put('811.223.371')))
    await societe.refresh()
    assert.equal(societe.numeroTva, 'BE0811223371')

    for (const bad of [
      'BE081122337',
      'BE08112233711',
      'BE2811223371',
      'FR0811223371',
      'BEABCDEFGHIJ',
    ]) {
      assert.deepEqual(fieldErrors(await put(bad)).numero_tva, [FIELD_MESSAGES.numeroTva], bad)
    }
    // Another country: its general shape only
    assert.isEmpty(
      fieldErrors(await put('FR 40 303 265 045', { pays: 'FR', code_postal: '75001' }))
    )
    await societe.refresh()
    assert.equal(societe.numeroTva, 'FR40303265045')
  })

  test('the name is required, in French; optional fields may be emptied', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('other')
    const societe = await societeOf(user, 'client')
    societe.iban = 'BE68539007547034'
    await societe.save()
    await societe.refresh()
    const missing = await send(client, 'put', `/app/company/${societe.id}`, user, {
      nom: '',
      lock_version: societe.lockVersion,
    })
    assert.deepEqual(fieldErrors(missing).nom, ['Le nom de la société est requis.'])
    const emptied = await send(client, 'put', `/app/company/${societe.id}`, user, {
      nom: 'Gardé',
      iban: '',
      lock_version: societe.lockVersion,
    })
    assert.isEmpty(fieldErrors(emptied))
    await societe.refresh()
    assert.isNull(societe.iban)
  })
})
