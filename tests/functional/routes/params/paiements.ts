/*
 * Parameters of the note de crédit routes for the route × role matrix: a draft note on an issued
 * free facture for a note's own routes; the issued facture for « Créer une note de crédit ».
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { issued, issuedProfessional } from '#tests/functional/factures/helpers'
import { ncDraft, ncIssued } from '#tests/functional/notes_credit/helpers'

export const paiementsParams: ParamProvider[] = [
  {
    matches: (route) =>
      route.name === 'esi.notes_credit.create' || route.name === 'esi.notes_credit.store',
    params: async () => {
      const facture = await issued()
      return { id: facture.id }
    },
  },
  {
    // The UBL exists for an issued note of a professional client only
    matches: (route) => route.name === 'esi.notes_credit.ubl',
    params: async () => {
      const nc = await ncIssued(await issuedProfessional(), { kind: 'total' })
      return { id: nc.id }
    },
  },
  {
    matches: (route) =>
      /^esi\.notes_credit\./.test(route.name ?? '') &&
      route.name !== 'esi.notes_credit.ubl' &&
      route.pattern.startsWith('/esi/compta/nc/'),
    params: async () => {
      const nc = await ncDraft(await issued(), { kind: 'total' })
      return { id: nc.id }
    },
  },
]
