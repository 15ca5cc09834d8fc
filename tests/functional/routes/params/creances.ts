/*
 * Parameters of the créances routes for the route × role matrix: a client owing one issued
 * facture, for its page of open factures.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureLate } from '#tests/functional/creances/helpers'

export const creanceParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.compta.creance.client',
    params: async () => {
      await esiSociete()
      const client = await ClientFactory.create()
      await factureLate(client, 10)
      return { id: client.idClient }
    },
  },
]
