import type User from '#models/user'
import SalesPolicy from '#policies/sales_policy'
import type { Decision } from '#policies/base_policy'

/**
 * The planning's settings (issue 13): every staff member sees who is in each planning and the
 * travel time; changing them takes the admin droit. Requests (SAV, commercial visit) are
 * created and cancelled by any staff member (view/update of SalesPolicy).
 */
export default class PlanningRessourcePolicy extends SalesPolicy {
  manage(user: User | null): Decision {
    if (this.staff(user) !== 'allow') return 'deny'
    return this.isEsiAdmin(user!) ? 'allow' : 'deny'
  }
}
