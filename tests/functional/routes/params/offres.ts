/*
 * Parameters of the offres routes for the route × role matrix: for the partner routes, a draft
 * offre of a pro société the visitor belongs to (his own); for the esi conversion, an offre
 * transmitted to esi by some partner.
 */
import { makeUser } from '#tests/helpers'
import { addMember, makeContact, makeSociete } from '#tests/functional/societes/helpers'
import { makeOffre, transmittedOffre } from '#tests/functional/offres/helpers'
import type { ParamProvider } from '#tests/functional/routes/params/index'

export const offresParams: ParamProvider[] = [
  {
    matches: (route) =>
      Boolean(route.name?.startsWith('partner.offres.')) && route.pattern.includes(':id'),
    params: async (_route, user) => {
      const societe = await makeSociete('pro')
      await addMember(societe, user ?? (await makeUser('pro')), 'membre')
      const contact = await makeContact(societe)
      const offre = await makeOffre(societe, contact)
      return { id: offre.id }
    },
  },
  {
    matches: (route) => route.name === 'esi.offres.to_devis',
    params: async () => {
      const { offre } = await transmittedOffre()
      return { id: offre.id }
    },
  },
]
