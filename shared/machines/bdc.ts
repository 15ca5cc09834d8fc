/*
 * The bon de commande (DESIGN.md §1, §3b): à signer → signé (the commande is created) or
 * annulé (motif required). A payment request keeps the statut but needs a bdc not cancelled and
 * an amount within what is left to ask (decision 109).
 */
import { defineMachine, required } from '../state_machine.js'
import { BDC_STATUTS, BDC_STATUT_LABELS, MOTIF_REQUIRED, type BdcStatut } from '../devis.js'
import { formatEuros } from '../totals.js'

export type BdcContext = {
  statut: BdcStatut
  numero: string
  motif?: string | null
  /** Amount asked by a payment request, cents. */
  montant?: number
  /** Total minus every request not cancelled, cents. */
  reste?: number
}

export function resteMessage(reste: number): string {
  return reste <= 0
    ? 'Tout le montant de ce bon de commande a déjà été demandé.'
    : `Le montant demandé dépasse le reste à demander sur ce bon de commande (${formatEuros(reste)}).`
}

export const bdcMachine = defineMachine<
  BdcStatut,
  'signer' | 'annuler' | 'demander_paiement',
  BdcContext
>({
  statuts: BDC_STATUTS,
  labels: BDC_STATUT_LABELS,
  subject: 'Un bon de commande',
  transitions: {
    signer: {
      from: ['a_signer'],
      to: 'signe',
      refused: (c) =>
        c.statut === 'signe'
          ? `Le bon de commande ${c.numero} est déjà signé.`
          : `Le bon de commande ${c.numero} est annulé : il ne peut plus être signé.`,
    },
    annuler: {
      from: ['a_signer'],
      to: 'annule',
      refused: (c) =>
        c.statut === 'signe'
          ? `Le bon de commande ${c.numero} est signé : il ne peut plus être annulé ici.`
          : `Le bon de commande ${c.numero} est déjà annulé.`,
      guards: [(c) => required(c.motif, MOTIF_REQUIRED)],
    },
    demander_paiement: {
      from: ['a_signer', 'signe'],
      refused: (c) => `Le bon de commande ${c.numero} est annulé.`,
      guards: [
        (c) =>
          c.montant !== undefined && (!Number.isInteger(c.montant) || c.montant <= 0)
            ? 'Le montant demandé doit être positif.'
            : null,
        (c) =>
          c.reste !== undefined && c.montant !== undefined && c.montant > c.reste
            ? resteMessage(c.reste)
            : null,
      ],
    },
  },
})

export type BdcTransition = keyof typeof bdcMachine.transitions
