/*
 * Parameters of the créances routes for the route × role matrix: a client owing one issued
 * facture, for its page of open factures; a payment allocated to it for the payments export
 * (its period in the query).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureLate } from '#tests/functional/creances/helpers'
import { pay } from '#tests/functional/notes_credit/helpers'
import { todayIso } from '#shared/dates'

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
  {
    matches: (route) => route.name === 'esi.compta.exports.paiements',
    params: async () => ({}),
    url: async () => {
      await esiSociete()
      const client = await ClientFactory.create()
      const facture = await factureLate(client, 10)
      await pay(client.idClient, 50_00, [{ factureId: facture.id, montant: 50_00 }])
      const today = todayIso()
      return `/esi/compta/exports/paiements?du=${today}&au=${today}`
    },
  },
]
