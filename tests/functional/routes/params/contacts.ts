/*
 * Parameters of the contacts routes for the route × role matrix: a contact of a pro société the
 * visitor belongs to (a guest: anybody's contact).
 */
import { makeUser } from '#tests/helpers'
import { addMember, makeContact, makeSociete } from '#tests/functional/societes/helpers'
import type { ParamProvider } from '#tests/functional/routes/params/index'

export const contactParams: ParamProvider[] = [
  {
    matches: (route) =>
      Boolean(route.name?.startsWith('partner.contacts.')) && route.pattern.includes(':id'),
    params: async (_route, user) => {
      const societe = await makeSociete('pro')
      await addMember(societe, user ?? (await makeUser('pro')), 'membre')
      const contact = await makeContact(societe)
      return { id: contact.id }
    },
  },
]
