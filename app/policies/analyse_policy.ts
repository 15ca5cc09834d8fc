import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/** The analyses (issue 14 §3): company-wide figures, staff only (403 for anybody else). */
export default class AnalysePolicy extends BasePolicy {
  view(user: User | null): Decision {
    return user ? this.staffOnly(user) : 'deny'
  }
}
