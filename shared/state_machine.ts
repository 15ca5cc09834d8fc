/*
 * One state machine for every document with a statut (devis, offre, bdc, demande de paiement;
 * next the commande steps and the factures). A machine lists its statuts, its named transitions
 * (from which statuts, to which statut) and guards that return the French reason a move is
 * refused. The server refuses with that reason (app/services/documents/state.ts, 422) and the
 * pages ask the same machine why a button is off — one rule, two readers.
 *
 * The context is the document's facts the guards read (`statut` always; line counts, the motif
 * typed, an email address…). A fact left undefined is not checked: a page checks what it knows,
 * the server always passes every fact.
 */

/** A guard returns the French reason of a refusal, or null when the move is fine. */
export type Guard<C> = (context: C) => string | null

export type TransitionDefinition<S extends string, C> = {
  from: readonly S[]
  /** The statut reached; omitted for an action that keeps the statut (a payment request). */
  to?: S
  /** The reason given when the current statut is not in `from` (default: a generic sentence). */
  refused?: (context: C) => string
  guards?: readonly Guard<C>[]
}

export type MachineDefinition<S extends string, T extends string, C extends { statut: S }> = {
  statuts: readonly S[]
  labels: Record<S, string>
  /** « Un devis », « Une offre »: the subject of the generic refusal. */
  subject: string
  transitions: Record<T, TransitionDefinition<S, C>>
}

export type StateMachine<S extends string, T extends string, C extends { statut: S }> = {
  readonly statuts: readonly S[]
  readonly labels: Record<S, string>
  readonly transitions: Record<T, TransitionDefinition<S, C>>
  /**
   * The French reason the transition is refused for this document, or null when allowed. A
   * statut name that no transition reaches (a devis asked to go back to brouillon) is refused.
   */
  reasonWhyNot(transition: T | S, context: C): string | null
  can(transition: T | S, context: C): boolean
  /** The transitions the statut allows (the table alone, no guard). */
  available(statut: S): T[]
  /** The statuts reachable from a statut (the table alone). */
  targets(statut: S): S[]
  /** The statuts a transition starts from. */
  from(transition: T): readonly S[]
}

export function defineMachine<S extends string, T extends string, C extends { statut: S }>(
  definition: MachineDefinition<S, T, C>
): StateMachine<S, T, C> {
  const names = Object.keys(definition.transitions) as T[]
  const machine: StateMachine<S, T, C> = {
    statuts: definition.statuts,
    labels: definition.labels,
    transitions: definition.transitions,
    reasonWhyNot(transition, context) {
      const t = definition.transitions[transition as T] as TransitionDefinition<S, C> | undefined
      const from = definition.labels[context.statut] ?? context.statut
      if (!t) {
        const label = definition.labels[transition as S]
        return label
          ? `${definition.subject} « ${from} » ne peut pas passer à « ${label} ».`
          : `Action inconnue : ${String(transition)}.`
      }
      if (!t.from.includes(context.statut)) {
        if (t.refused) return t.refused(context)
        return t.to
          ? `${definition.subject} « ${from} » ne peut pas passer à « ${definition.labels[t.to]} ».`
          : `${definition.subject} « ${from} » ne le permet pas.`
      }
      for (const guard of t.guards ?? []) {
        const reason = guard(context)
        if (reason) return reason
      }
      return null
    },
    can(transition, context) {
      return machine.reasonWhyNot(transition, context) === null
    },
    available(statut) {
      return names.filter((n) => definition.transitions[n].from.includes(statut))
    },
    targets(statut) {
      const seen: S[] = []
      for (const n of machine.available(statut)) {
        const to = definition.transitions[n].to
        if (to && !seen.includes(to)) seen.push(to)
      }
      return seen
    },
    from(transition) {
      return definition.transitions[transition].from
    },
  }
  return machine
}

/** A required text (a motif): refused when the caller passed it empty. */
export function required(value: string | null | undefined, reason: string): string | null {
  return value !== undefined && !(value ?? '').trim() ? reason : null
}
