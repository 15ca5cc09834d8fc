/*
 * The server side of shared/state_machine.ts: a move the document's machine refuses is answered
 * with the machine's French reason (422, decision 85), nothing written.
 */
import type { StateMachine } from '#shared/state_machine'
import { TransitionException } from '#exceptions/http_exceptions'

export function enforce<S extends string, T extends string, C extends { statut: S }>(
  machine: StateMachine<S, T, C>,
  transition: T | S,
  context: C
): void {
  const reason = machine.reasonWhyNot(transition, context)
  if (reason) throw new TransitionException(reason)
}
