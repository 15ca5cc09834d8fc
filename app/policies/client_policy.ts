import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * Clients (DESIGN.md §2, §4): staff only, behind the esi area as well (both, never one alone).
 * A client does not exist for anybody else (404); deleting one is for staff with the admin droit.
 */
export default class ClientPolicy extends BasePolicy {
  /** The list, its export and creating a client. */
  viewAny(user: User): Decision {
    return this.staffOnly(user)
  }

  create(user: User): Decision {
    return this.staffOnly(user)
  }

  view(user: User): Decision {
    return this.staffOnly(user, 'hide')
  }

  update(user: User): Decision {
    return this.staffOnly(user, 'hide')
  }

  delete(user: User): Decision {
    if (!this.isEsi(user)) return 'hide'
    return this.isEsiAdmin(user) ? 'allow' : 'deny'
  }
}
