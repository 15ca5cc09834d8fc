import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * The sales documents of esi (devis, bons de commande, commandes, demandes de paiement): staff
 * only — a second wall behind the esi area middleware, so that an action reached another way
 * (a route moved out of its group, a job, a command) still refuses. Anyone else gets 403, like
 * the area: the documents are the company's, not foreign data of the user's own scope.
 */
export default abstract class SalesPolicy extends BasePolicy {
  protected staff(user: User | null): Decision {
    return user && this.isEsi(user) ? 'allow' : 'deny'
  }

  view(user: User | null): Decision {
    return this.staff(user)
  }

  /** Creating, editing and every status change. */
  update(user: User | null): Decision {
    return this.staff(user)
  }
}
