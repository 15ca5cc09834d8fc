import type User from '#models/user'
import type Offre from '#models/offre'
import BasePolicy, { type Decision } from '#policies/base_policy'
import { OFFRE_VISIBLE_BY_ESI } from '#shared/offres'

/**
 * Offres (DESIGN.md §4): the members of the offre's pro société write and read it; staff read
 * the offres transmitted to them (any société) and turn them into devis, but never change a
 * partner's offre. Anything else does not exist for the user (404). The queries are scoped the
 * same way (app/services/offres/offre_queries.ts): both, never one alone.
 */
export default class OffrePolicy extends BasePolicy {
  /** `member`: the user belongs to the offre's société. */
  view(user: User, offre: Offre, member: boolean): Decision {
    if (member) return 'allow'
    if (this.isEsi(user) && OFFRE_VISIBLE_BY_ESI.includes(offre.statut)) return 'allow'
    return 'hide'
  }

  /** Changing its content or its statut (envoyer, transmettre): the société's members only. */
  update(user: User, offre: Offre, member: boolean): Decision {
    const view = this.view(user, offre, member)
    if (view !== 'allow') return view
    return member ? 'allow' : 'deny'
  }

  /** Turning a transmitted offre into a devis: staff only. */
  toDevis(user: User, offre: Offre, member: boolean): Decision {
    const view = this.view(user, offre, member)
    if (view !== 'allow') return view
    return this.isEsi(user) ? 'allow' : 'deny'
  }

  /** Writing offres for a société: its members (a pro société only, checked by the caller). */
  createFor(member: boolean): boolean {
    return member
  }
}
