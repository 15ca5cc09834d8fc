/*
 * Parameters of the sociétés routes for the route × role matrix: a société the visitor
 * administers (so that editing, the logo and managing users are his to do), with a logo, and a
 * second member (membre) whose membership the member routes name. A guest gets the same records
 * of someone else. The invitation link gets any user id: without a signature the page still
 * answers (and says the link is not valid).
 */
import type User from '#models/user'
import { makeUser } from '#tests/helpers'
import { addMember, makeSociete, withLogo } from '#tests/functional/societes/helpers'
import type { ParamProvider, RouteRef } from '#tests/functional/routes/params/index'

const MEMBER_ROUTES = [
  'app.company.users.edit',
  'app.company.users.update',
  'app.company.users.destroy',
]

async function administeredSociete(user: User | null) {
  const societe = await withLogo(await makeSociete('client'))
  await addMember(societe, user ?? (await makeUser('other')), 'admin')
  return societe
}

export const societeParams: ParamProvider[] = [
  {
    matches: (route: RouteRef) =>
      Boolean(route.name?.startsWith('app.company.') || route.name === 'admin.company.destroy') &&
      route.pattern.includes(':id'),
    params: async (route, user) => {
      const societe = await administeredSociete(user)
      if (!MEMBER_ROUTES.includes(route.name ?? '')) return { id: societe.id }
      return { id: await addMember(societe, await makeUser('other'), 'membre') }
    },
  },
  {
    matches: (route) => Boolean(route.name?.startsWith('guest.invitation.')),
    params: async () => {
      const invitee = await makeUser('other', {}, 'unverified')
      return { id: invitee.id }
    },
  },
]
