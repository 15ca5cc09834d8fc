/*
 * Issue 14 §4 (decision 523): a finished commande is archived — its file no longer changes by
 * hand. Each service that writes a commande's part checks this next to its « annulée » check, in
 * its own transaction. What the facts still move by themselves (a facture credited or paid, the
 * automatic steps) is not a hand edit and is not refused here.
 *
 * The demo data is the one writer allowed past it: it tells its story after the fact (its
 * factures demo finishes the old commandes, then the timeline demos write their sheet, supplier
 * orders and PV through these same services), inside `writingDemoStory`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { TransitionException } from '#exceptions/http_exceptions'

export const COMMANDE_TERMINEE_MESSAGE =
  'La commande est terminée : son dossier est archivé et ne se modifie plus.'

const demoStory = new AsyncLocalStorage<true>()

/** Runs the demo seed's writes (database/demo/index.ts only). */
export function writingDemoStory<T>(run: () => Promise<T>): Promise<T> {
  return demoStory.run(true, run)
}

/** 422 with the French message when the commande's statut is « terminée ». */
export function refuseSiTerminee(statut: string | null | undefined): void {
  if (statut === 'terminee' && !demoStory.getStore()) {
    throw new TransitionException(COMMANDE_TERMINEE_MESSAGE)
  }
}
