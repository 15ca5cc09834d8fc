/*
 * Issue 14 §4 (decision 523): a finished commande is archived — its file no longer changes by
 * hand. Each service that writes a commande's part checks this next to its « annulée » check, in
 * its own transaction. What the facts still move by themselves (a facture credited or paid, the
 * automatic steps) is not a hand edit and is not refused here.
 */
import { TransitionException } from '#exceptions/http_exceptions'

export const COMMANDE_TERMINEE_MESSAGE =
  'La commande est terminée : son dossier est archivé et ne se modifie plus.'

/** 422 with the French message when the commande's statut is « terminée ». */
export function refuseSiTerminee(statut: string | null | undefined): void {
  if (statut === 'terminee') throw new TransitionException(COMMANDE_TERMINEE_MESSAGE)
}
