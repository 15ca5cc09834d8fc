/*
 * The offre life cycle (pro portal, DESIGN.md §1, decision 98): the pro sends it to his contact
 * (again after a correction: a new version, same number) and transmits it to esi; esi turns a transmitted
 * offre into a devis (acceptee). No other move exists.
 */
import { defineMachine } from '../state_machine.js'
import { OFFRE_STATUTS, OFFRE_STATUT_LABELS, type OffreStatut } from '../devis.js'

export type OffreContext = {
  statut: OffreStatut
  /** Product lines (sending or transmitting needs one). */
  produits?: number
  /** The contact's email address (sending mails the offre). */
  contactEmail?: string | null
  /** The devis made from it, if any. */
  devisId?: number | null
}

export const OFFRE_NO_PRODUIT = 'Ajoutez au moins une ligne de produit à l’offre.'
export const OFFRE_NO_EMAIL =
  'Ce contact n’a pas d’adresse e-mail : ajoutez-la sur sa fiche avant d’envoyer l’offre.'
export const OFFRE_ALREADY_CONVERTED = 'Cette offre a déjà été transformée en devis.'

const label = (c: OffreContext) => OFFRE_STATUT_LABELS[c.statut]
const needsProduit = (c: OffreContext) => (c.produits === 0 ? OFFRE_NO_PRODUIT : null)

export const offreMachine = defineMachine<
  OffreStatut,
  'envoyer' | 'transmettre' | 'accepter' | 'reviser',
  OffreContext
>({
  statuts: OFFRE_STATUTS,
  labels: OFFRE_STATUT_LABELS,
  subject: 'Une offre',
  transitions: {
    envoyer: {
      from: ['brouillon', 'envoyee'],
      to: 'envoyee',
      refused: (c) => `Une offre « ${label(c)} » ne peut plus être envoyée au contact.`,
      guards: [
        (c) => (c.contactEmail === null || c.contactEmail === '' ? OFFRE_NO_EMAIL : null),
        needsProduit,
      ],
    },
    transmettre: {
      from: ['brouillon', 'envoyee'],
      to: 'transmise',
      refused: (c) => `Une offre « ${label(c)} » ne peut plus être transmise à ESI.`,
      guards: [needsProduit],
    },
    // Editing a sent offre: the sent version is kept (offre_revisions), a new draft follows
    reviser: {
      from: ['envoyee'],
      to: 'brouillon',
      refused: (c) => `Une offre « ${label(c)} » ne peut plus être modifiée.`,
    },
    accepter: {
      from: ['transmise'],
      to: 'acceptee',
      refused: (c) =>
        c.statut === 'acceptee' || c.devisId
          ? OFFRE_ALREADY_CONVERTED
          : `Une offre « ${label(c)} » ne peut pas être transformée en devis.`,
      guards: [(c) => (c.devisId ? OFFRE_ALREADY_CONVERTED : null)],
    },
  },
})

export type OffreTransition = keyof typeof offreMachine.transitions
