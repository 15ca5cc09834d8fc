/*
 * A contact with offres cannot be deleted (issue 10): its offres keep it, the pro gets the
 * French reason instead of a 500 (like a client with devis, DECISIONS 86).
 */
import { test } from '@japa/runner'
import Contact from '#models/contact'
import { withTransaction } from '#tests/helpers'
import { makeOffre, proWithContact } from '#tests/functional/offres/helpers'

test.group('Contacts / a contact with offres', (group) => {
  withTransaction(group)

  test('deleting it is refused with the reason, the contact stays', async ({ client, assert }) => {
    const { pro, societe, contact } = await proWithContact()
    await makeOffre(societe, contact, { auteur: pro })
    const response = await client
      .delete(`/app/contacts/${contact.id}`)
      .loginAs(pro)
      .withCsrfToken()
      .header('referer', `/app/contacts/${contact.id}`)
      .redirects(0)
    assert.oneOf(response.status(), [302, 303])
    assert.equal(response.header('location'), `/app/contacts/${contact.id}`)
    assert.match(
      String(response.flashMessages().error),
      /a des offres : il ne peut pas être supprimé/
    )
    assert.exists(await Contact.find(contact.id))

    const json = await client
      .delete(`/app/contacts/${contact.id}`)
      .header('accept', 'application/json')
      .loginAs(pro)
      .withCsrfToken()
    assert.equal(json.status(), 422)
    assert.match(JSON.stringify(json.body()), /a des offres/)
  })

  test('a contact without offres is still deleted', async ({ client, assert }) => {
    const { pro, contact } = await proWithContact()
    const response = await client
      .delete(`/app/contacts/${contact.id}`)
      .loginAs(pro)
      .withCsrfToken()
      .redirects(0)
    assert.oneOf(response.status(), [302, 303])
    assert.isNull(await Contact.find(contact.id))
  })
})
