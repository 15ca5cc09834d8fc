import type User from '#models/user'
import SalesPolicy from '#policies/sales_policy'
import type { Decision } from '#policies/base_policy'

/**
 * Commandes: staff only; their timeline's steps too. Passing the réception gate of the facture
 * de solde (with a motif, audited) needs the admin droit (decision 304).
 */
export default class CommandePolicy extends SalesPolicy {
  forceSolde(user: User | null): Decision {
    if (this.staff(user) !== 'allow') return 'deny'
    return this.isEsiAdmin(user!) ? 'allow' : 'deny'
  }

  /** Deleting a work photo of the gallery needs the admin droit, like other deletions. */
  deletePhoto(user: User | null): Decision {
    if (this.staff(user) !== 'allow') return 'deny'
    return this.isEsiAdmin(user!) ? 'allow' : 'deny'
  }
}
