import type User from '#models/user'
import SalesPolicy from '#policies/sales_policy'
import type { Decision } from '#policies/base_policy'

/** Devis: staff read and write them; deleting a draft needs the admin droit (decision 104). */
export default class DevisPolicy extends SalesPolicy {
  create(user: User | null): Decision {
    return this.staff(user)
  }

  delete(user: User | null): Decision {
    if (this.staff(user) !== 'allow') return 'deny'
    return this.isEsiAdmin(user!) ? 'allow' : 'deny'
  }
}
