import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import {
  assignableSocietes,
  CONTACT_SORT_COLUMNS,
  contactsListQuery,
  findContactFor,
  parseContactListParams,
  seesAllContacts,
} from '#services/contact_queries'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import { contactDetail, contactRow } from '#transformers/contact_transformer'
import { contactValidator } from '#validators/contact'
import { createContact, deleteContact, updateContact } from '#actions/contacts/save_contact'

/**
 * Contacts/Index and Contacts/Show (DESIGN.md §4): a partner's own sociétés' contacts, staff
 * all with the société shown. Create and edit happen in a modal of these pages.
 */
export default class ContactsController {
  async index({ auth, request, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const params = parseContactListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => contactsListQuery(user, params),
      columns: CONTACT_SORT_COLUMNS,
      table: 'contacts',
      scoped: !seesAllContacts(user),
      map: contactRow,
    })
    return inertia.render('Contacts/Index', {
      contacts: list,
      filters: filtersProp(params),
      warnings,
      societes: await assignableSocietes(user),
      seesAll: seesAllContacts(user),
    })
  }

  async show({ auth, params, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const contact = await findContactFor(user, params.id, 'view')
    return inertia.render('Contacts/Show', {
      contact: contactDetail(contact),
      societes: await assignableSocietes(user),
      seesAll: seesAllContacts(user),
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(contactValidator)
    const contact = await createContact(actorOf(ctx), user, input)
    session.flash('success', `Le contact « ${contact.fullName} » est créé.`)
    return response.redirect().toRoute('partner.contacts.show', { id: contact.id })
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const contact = await findContactFor(user, params.id, 'update')
    const input = await request.validateUsing(contactValidator)
    await updateContact(actorOf(ctx), user, contact, input)
    session.flash('success', 'Le contact est enregistré.')
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    const contact = await findContactFor(user, params.id, 'delete')
    await deleteContact(actorOf(ctx), contact)
    session.flash('success', `Le contact « ${contact.fullName} » est supprimé.`)
    return response.redirect().toRoute('partner.contacts.index')
  }
}
