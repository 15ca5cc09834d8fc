import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * The global search (issue 4): it reads clients, devis, bons de commande and commandes, so it is
 * staff only, like each of those lists and the header field that leads to it.
 */
export default class RecherchePolicy extends BasePolicy {
  search(user: User): Decision {
    return this.staffOnly(user)
  }
}
