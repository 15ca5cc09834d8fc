/*
 * Route parameters of the clients routes for the route × role matrix: a client that exists,
 * made afresh for each visit (the admin DELETE may remove it).
 */
import { ClientFactory } from '#database/factories/client_factory'
import type { ParamProvider } from '#tests/functional/routes/params/index'

export const clientParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^(esi|admin)\.customers\./.test(route.name ?? '') && route.pattern.includes(':id'),
    params: async () => {
      const client = await ClientFactory.create()
      return { id: client.idClient }
    },
  },
]
