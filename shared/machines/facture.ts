/*
 * A facture (issue 11): brouillon → émise (numbered, frozen) → partiellement payée → payée, as
 * payments are allocated. A draft may be deleted; an issued facture never is: it is cancelled
 * only by a note de crédit (annulee, later — no page offers it). « En retard » is derived
 * (shared/factures.ts), not a statut.
 */
import { defineMachine } from '../state_machine.js'
import { FACTURE_STATUTS, FACTURE_STATUT_LABELS, type FactureStatut } from '../factures.js'

export type FactureContext = {
  statut: FactureStatut
  numero: string | null
  /** Product lines of the draft (issuing an empty facture is refused). */
  lignesProduit?: number
  /** Its total TTC, cents. */
  totalTtc?: number
}

const issued = (c: FactureContext) =>
  c.numero ? `La facture ${c.numero} est émise.` : 'Cette facture n’est plus un brouillon.'

export const factureMachine = defineMachine<
  FactureStatut,
  'emettre' | 'supprimer' | 'modifier' | 'payer_partiellement' | 'payer' | 'annuler',
  FactureContext
>({
  statuts: FACTURE_STATUTS,
  labels: FACTURE_STATUT_LABELS,
  subject: 'Une facture',
  transitions: {
    emettre: {
      from: ['brouillon'],
      to: 'emise',
      refused: (c) => `${issued(c)} Elle ne peut pas être émise une seconde fois.`,
      guards: [
        (c) =>
          c.lignesProduit !== undefined && c.lignesProduit === 0
            ? 'Une facture sans ligne de produit ne peut pas être émise.'
            : null,
        (c) =>
          c.totalTtc !== undefined && c.totalTtc <= 0
            ? 'Le total d’une facture émise doit être positif : corrigez les lignes.'
            : null,
      ],
    },
    modifier: {
      from: ['brouillon'],
      refused: (c) =>
        `${issued(c)} Son contenu ne peut plus être modifié : faites une note de crédit.`,
    },
    supprimer: {
      from: ['brouillon'],
      refused: (c) =>
        `${issued(c)} Une facture émise n’est jamais supprimée : faites une note de crédit.`,
    },
    payer_partiellement: { from: ['emise', 'partiellement_payee'], to: 'partiellement_payee' },
    payer: { from: ['emise', 'partiellement_payee'], to: 'payee' },
    // Only through a note de crédit (issue 11 §2)
    annuler: { from: ['emise', 'partiellement_payee'], to: 'annulee' },
  },
})

export type FactureTransition = keyof typeof factureMachine.transitions
