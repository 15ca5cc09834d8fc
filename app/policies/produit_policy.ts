import type { Decision } from '#policies/base_policy'
import StaffResourcePolicy from '#policies/staff_resource_policy'

/**
 * The product catalogue (DESIGN.md §2): staff only, behind the esi area as well; a CSV import is
 * a `create`. Products are never deleted (an inactive product leaves the editors).
 */
export default class ProduitPolicy extends StaffResourcePolicy {
  override delete(): Decision {
    return 'deny'
  }
}
