import type User from '#models/user'
import type Societe from '#models/societe'
import BasePolicy, { type Decision } from '#policies/base_policy'
import { creatableTypes, SOCIETE_TYPES, type MemberRole, type SocieteType } from '#shared/societes'

/** The user's role in the société, or null when he is not a member. */
export type Membership = MemberRole | null

/**
 * Sociétés (DESIGN.md §4): a user sees those he belongs to and edits those he administers;
 * staff see and edit all. A foreign société is hidden (404); a member who is not its admin is
 * refused (403: he knows it exists).
 */
export default class SocietePolicy extends BasePolicy {
  view(user: User, membership: Membership): Decision {
    if (this.isEsi(user)) return 'allow'
    return membership ? 'allow' : 'hide'
  }

  /** Types of société the user may create (shared/societes.ts), staff powers considered. */
  creatableTypes(user: User): SocieteType[] {
    if (this.isEsi(user)) return [...SOCIETE_TYPES]
    // Staff without two-factor create like anybody else
    const role = user.effectiveRole === 'esi' ? 'other' : user.effectiveRole
    return creatableTypes({ role })
  }

  update(user: User, membership: Membership): Decision {
    if (this.isEsi(user)) return 'allow'
    if (!membership) return 'hide'
    return membership === 'admin' ? 'allow' : 'deny'
  }

  /** Only staff change a société's type (a partner cannot turn his client into staff…). */
  changeType(user: User): boolean {
    return this.isEsi(user)
  }

  /**
   * Members: the société's admins and staff. The members of our own (esi) société are staff
   * accounts: managing them is user management, for staff with the admin droit only.
   */
  manageMembers(user: User, societe: Societe, membership: Membership): Decision {
    const base = this.update(user, membership)
    if (base !== 'allow' || societe.type !== 'esi') return base
    return this.isEsiAdmin(user) ? 'allow' : 'deny'
  }

  /** Deleting: staff with the admin droit (admin area), never our own société. */
  delete(user: User, societe: Societe): Decision {
    if (!this.isEsiAdmin(user)) return 'deny'
    return societe.type === 'esi' ? 'deny' : 'allow'
  }
}
