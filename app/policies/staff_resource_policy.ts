import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * A staff-only resource (clients, produits, base texts): staff read and write it; anybody else
 * is refused the collection (403, like the area middleware) and blind to a record (404);
 * deleting takes the admin droit.
 */
export default abstract class StaffResourcePolicy extends BasePolicy {
  /** The list and its export. */
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
