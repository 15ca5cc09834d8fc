/*
 * Parameters of the planning's settings routes for the route × role matrix: a technician in the
 * technical planning, an open SAV request.
 */
import db from '@adonisjs/lucid/services/db'
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { clientAvecChantier, makeTechnicien } from '#tests/functional/planning/helpers'
import { systemActor } from '#services/actor'
import { createDemande } from '#services/planning/demandes'

export const planningRessourcesParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^esi\.planning\.equipes\./.test(route.name ?? '') && route.pattern.includes(':id'),
    params: async () => {
      const tech = await makeTechnicien()
      const [row] = await db
        .table('planning_ressources')
        .insert({ user_id: tech.id, type: 'tec' })
        .returning('id')
      return { id: row.id ?? row }
    },
  },
  {
    matches: (route) =>
      /^esi\.planning\.demandes\./.test(route.name ?? '') && route.pattern.includes(':id'),
    params: async () => {
      const client = await clientAvecChantier()
      const id = await createDemande(systemActor(), {
        type: 'tec',
        clientId: Number(client.idClient),
        titre: 'SAV — matrice',
      })
      return { id }
    },
  },
]
