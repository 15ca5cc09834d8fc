/*
 * Parameters of the facture routes for the route × role matrix: a draft free facture for the
 * facture's own routes; a signed bdc (its acompte facture not made yet) for the acompte action,
 * its commande for the intermédiaire and solde actions.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import Facture from '#models/facture'
import { issued, issuedProfessional, libreDraft } from '#tests/functional/factures/helpers'
import { factureLinkUrl, facturePdfLinkUrl } from '#services/factures/facture_link'

export const factureParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.factures.acompte',
    params: async () => {
      const { bdc } = await signedBdc()
      return { id: bdc.id }
    },
  },
  {
    // The commande's intermédiaire and solde actions
    matches: (route) => /^esi\.factures\.(intermediaire|solde)$/.test(route.name ?? ''),
    params: async () => {
      const { commande } = await signedBdc()
      return { id: commande.id }
    },
  },
  {
    matches: (route) =>
      /^esi\.factures\./.test(route.name ?? '') &&
      !/^esi\.factures\.(acompte|intermediaire|solde|ubl|peppol)$/.test(route.name ?? '') &&
      route.pattern.includes(':id'),
    params: async () => {
      const facture = await libreDraft()
      return { id: facture.id }
    },
  },
  {
    // The UBL exists for an issued facture of a professional client only; sending it via Peppol
    // too (no access point configured in the sweep: a French 409)
    matches: (route) => route.name === 'esi.factures.ubl' || route.name === 'esi.factures.peppol',
    params: async () => {
      const facture = await issuedProfessional()
      return { id: facture.id }
    },
  },
  {
    // The customer's page of an issued facture: its whole signed URL
    matches: (route) => route.name === 'signed.facture.show',
    params: async () => {
      const facture = await issued()
      return { publicId: facture.publicId }
    },
    url: async () => {
      const made = await issued()
      const facture = await Facture.findOrFail(made.id)
      const url = new URL(factureLinkUrl(facture))
      return url.pathname + url.search
    },
  },
  {
    // The PDF of the customer's page: its whole signed URL too
    matches: (route) => route.name === 'signed.facture.pdf',
    params: async () => {
      const facture = await issued()
      return { publicId: facture.publicId }
    },
    url: async () => {
      const made = await issued()
      const url = new URL(facturePdfLinkUrl(await Facture.findOrFail(made.id)))
      return url.pathname + url.search
    },
  },
]
