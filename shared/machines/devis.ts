/*
 * The devis life cycle (DESIGN.md §2, decision 81): brouillon → envoyé | annulé; envoyé →
 * accepté | refusé | expiré | annulé; refusé/expiré → annulé; accepté and annulé are final (an
 * accepted devis lives on as its bon de commande). Transitions are named by the statut reached.
 */
import { defineMachine, required } from '../state_machine.js'
import { DEVIS_STATUTS, DEVIS_STATUT_LABELS, MOTIF_REQUIRED, type DevisStatut } from '../devis.js'

export type DevisContext = {
  statut: DevisStatut
  /** Product lines of the devis (sending needs one). */
  produits?: number
  /** The client's email address (sending mails the PDF). */
  clientEmail?: string | null
  /** The cancellation motif typed in the dialog. */
  motif?: string | null
}

export const DEVIS_NO_PRODUIT = 'Ajoutez au moins une ligne de produit avant d’envoyer le devis.'
export const DEVIS_NO_EMAIL =
  'Ce client n’a pas d’adresse e-mail : ajoutez-la sur sa fiche avant d’envoyer le devis.'

export const devisMachine = defineMachine<
  DevisStatut,
  'envoye' | 'accepte' | 'refuse' | 'expire' | 'annule',
  DevisContext
>({
  statuts: DEVIS_STATUTS,
  labels: DEVIS_STATUT_LABELS,
  subject: 'Un devis',
  transitions: {
    envoye: {
      from: ['brouillon'],
      to: 'envoye',
      guards: [
        (c) => (c.clientEmail === null || c.clientEmail === '' ? DEVIS_NO_EMAIL : null),
        (c) => (c.produits === 0 ? DEVIS_NO_PRODUIT : null),
      ],
    },
    accepte: { from: ['envoye'], to: 'accepte' },
    refuse: { from: ['envoye'], to: 'refuse' },
    expire: { from: ['envoye'], to: 'expire' },
    annule: {
      from: ['brouillon', 'envoye', 'refuse', 'expire'],
      to: 'annule',
      guards: [(c) => required(c.motif, MOTIF_REQUIRED)],
    },
  },
})

export type DevisTransition = keyof typeof devisMachine.transitions

/** The statuts the « Modification de statut » dialog offers from each statut. */
export const DEVIS_TRANSITIONS = Object.fromEntries(
  DEVIS_STATUTS.map((s) => [s, devisMachine.targets(s)])
) as Record<DevisStatut, DevisStatut[]>
