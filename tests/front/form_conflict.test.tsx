/*
 * A save refused as a whole (optimistic lock, issue 10): the form shows the server's `_form`
 * reason above the fields, keeps the field errors apart, and an edit form carries the version.
 */
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import FormConflict, { withoutConflict } from '~/components/form/FormConflict'
import { contactFormValues, type ContactDetail } from '~/components/contacts/types'

describe('FormConflict', () => {
  it('shows the `_form` reason and nothing without it', () => {
    const message = 'Ce contact a été modifié par Alice depuis que vous l’avez ouvert.'
    const html = renderToStaticMarkup(<FormConflict errors={{ _form: message, nom: 'Requis' }} />)
    expect(html).toContain('role="alert"')
    expect(html).toContain('Ce contact a été modifié par Alice')
    expect(renderToStaticMarkup(<FormConflict errors={{ nom: 'Requis' }} />)).toBe('')
  })

  it('leaves the field errors to FormError', () => {
    expect(withoutConflict({ _form: 'x', nom: 'Requis' })).toEqual({ nom: 'Requis' })
  })

  it('an edit form sends the version it saw; a new contact none', () => {
    const contact = {
      id: 3,
      nom: 'Dupont',
      prenom: null,
      email: null,
      telephone: null,
      localite: null,
      societe: { id: 7, nom: 'Atelier' },
      adresse: null,
      code_postal: null,
      notes: null,
      created_at: null,
      updated_at: null,
      lock_version: 4,
    } satisfies ContactDetail
    expect(contactFormValues(contact, []).lock_version).toBe(4)
    expect(contactFormValues(null, []).lock_version).toBeUndefined()
  })
})
