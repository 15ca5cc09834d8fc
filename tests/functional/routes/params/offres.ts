/*
 * Parameters of the offres routes for the route × role matrix: for the partner routes, a draft
 * offre of a pro société the visitor belongs to (his own); for the esi conversion, an offre
 * transmitted to esi by some partner. The version PDF gets an earlier version of that offre.
 */
import db from '@adonisjs/lucid/services/db'
import OffreRevision from '#models/offre_revision'
import { offreSnapshotOf } from '#services/offres/offre_service'
import { makeUser } from '#tests/helpers'
import { addMember, makeContact, makeSociete } from '#tests/functional/societes/helpers'
import { makeOffre, transmittedOffre } from '#tests/functional/offres/helpers'
import type { ParamProvider } from '#tests/functional/routes/params/index'

export const offresParams: ParamProvider[] = [
  {
    matches: (route) =>
      Boolean(route.name?.startsWith('partner.offres.')) && route.pattern.includes(':id'),
    params: async (route, user): Promise<Record<string, number>> => {
      const societe = await makeSociete('pro')
      await addMember(societe, user ?? (await makeUser('pro')), 'membre')
      const contact = await makeContact(societe)
      const offre = await makeOffre(societe, contact)
      if (route.name !== 'partner.offres.revision_pdf') return { id: offre.id }
      // An earlier sent version of it (offre_revisions), as the service freezes one
      await db.transaction(async (trx) =>
        OffreRevision.create(
          { offreId: offre.id, revision: 1, snapshot: await offreSnapshotOf(offre, trx) },
          { client: trx }
        )
      )
      return { id: offre.id, revision: 1 }
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
