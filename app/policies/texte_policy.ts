import type User from '#models/user'
import type UserTexte from '#models/user_texte'
import type { Decision } from '#policies/base_policy'
import StaffResourcePolicy from '#policies/staff_resource_policy'
import { canReach } from '#shared/roles'
import { needsTwoFactorSetup } from '#middleware/staff_two_factor_middleware'

/**
 * Textes modèles (docs/DECISIONS.md): staff write the company's base texts, staff with the
 * admin droit delete them (StaffResourcePolicy). Own versions are for those who write documents
 * (pro partners, staff with two-factor; verified); a user's version exists for him alone (404).
 */
export default class TextePolicy extends StaffResourcePolicy {
  /** Keeping own versions of the base texts (PageTextes). */
  keepOwn(user: User): Decision {
    const subject = { role: user.role, acces_role: user.accesRole, droit: user.droit }
    const may =
      Boolean(user.emailVerifiedAt) && canReach(subject, 'partner') && !needsTwoFactorSetup(user)
    return may ? 'allow' : 'deny'
  }

  /** Changing or resetting one of the user's own versions: his own only. */
  updateOwn(user: User, row: UserTexte): Decision {
    if (row.userId !== user.id) return 'hide'
    return this.keepOwn(user)
  }
}
