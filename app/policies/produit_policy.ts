import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * The product catalogue (DESIGN.md §2): staff only, behind the esi area as well. Products are
 * never deleted (an inactive product leaves the editors).
 */
export default class ProduitPolicy extends BasePolicy {
  /** The list and its CSV export. */
  viewAny(user: User): Decision {
    return this.staffOnly(user)
  }

  /** Creating one, or many through a CSV import. */
  create(user: User): Decision {
    return this.staffOnly(user)
  }

  update(user: User): Decision {
    return this.staffOnly(user, 'hide')
  }
}
