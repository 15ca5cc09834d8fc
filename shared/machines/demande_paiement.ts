/*
 * A demande de paiement: envoyée → payée (marked by staff when the transfer is seen), or
 * envoyée → annulée (its bdc was cancelled: issue 10). A paid or cancelled request is final.
 */
import { defineMachine } from '../state_machine.js'
import {
  DEMANDE_PAIEMENT_STATUTS,
  DEMANDE_PAIEMENT_STATUT_LABELS,
  type DemandePaiementStatut,
} from '../devis.js'

export type DemandePaiementContext = { statut: DemandePaiementStatut; numero: string }

export const demandePaiementMachine = defineMachine<
  DemandePaiementStatut,
  'payer' | 'annuler',
  DemandePaiementContext
>({
  statuts: DEMANDE_PAIEMENT_STATUTS,
  labels: DEMANDE_PAIEMENT_STATUT_LABELS,
  subject: 'Une demande de paiement',
  transitions: {
    payer: {
      from: ['envoyee'],
      to: 'payee',
      refused: (c) =>
        c.statut === 'payee'
          ? `La demande ${c.numero} est déjà marquée payée.`
          : `La demande ${c.numero} est annulée.`,
    },
    annuler: {
      from: ['envoyee'],
      to: 'annulee',
      refused: (c) =>
        c.statut === 'payee'
          ? `La demande ${c.numero} est payée : elle ne peut plus être annulée.`
          : `La demande ${c.numero} est déjà annulée.`,
    },
  },
})

export type DemandePaiementTransition = keyof typeof demandePaiementMachine.transitions
