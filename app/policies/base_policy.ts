/*
 * Policies read "deny if …, allow if esi, else owner check" (CONVENTIONS.md). A decision is one
 * of three: allowed, refused (403: the user knows the record, e.g. a société he is a member of)
 * or hidden (404: DESIGN.md §4, foreign data does not exist for him). Policies are pure: the
 * caller loads what they need (the user's membership) and `authorize` turns a refusal into the
 * right HTTP answer.
 */
import type User from '#models/user'
import { canReach } from '#shared/roles'
import { ForbiddenException, NotFoundException } from '#exceptions/http_exceptions'

export type Decision = 'allow' | 'deny' | 'hide'

/**
 * Staff powers over every société and contact: an esi, as the app is seen now (the access role
 * counts, DESIGN.md §4), with two-factor on — without it a staff member keeps only what any user
 * has (his own sociétés), like the esi areas that send him to TwoFactorRequired.
 */
export function hasStaffPowers(user: User): boolean {
  return user.effectiveRole === 'esi' && user.hasTwoFactor
}

export default abstract class BasePolicy {
  protected isEsi(user: User): boolean {
    return hasStaffPowers(user)
  }

  protected isPro(user: User): boolean {
    return user.effectiveRole === 'pro'
  }

  /**
   * A staff-only resource: allowed for staff; for anybody else a record is hidden (404) and an
   * action on the collection refused (403, like the area middleware).
   */
  protected staffOnly(user: User, refusal: 'deny' | 'hide' = 'deny'): Decision {
    return this.isEsi(user) ? 'allow' : refusal
  }

  /** Staff with the admin droit switched on. */
  protected isEsiAdmin(user: User): boolean {
    const subject = { role: user.role, acces_role: user.accesRole, droit: user.droit }
    return hasStaffPowers(user) && canReach(subject, 'admin')
  }
}

/** Throws 404 for a hidden record, 403 for a refused action; returns when allowed. */
export function authorize(decision: Decision, message?: string): void {
  if (decision === 'hide') throw new NotFoundException()
  if (decision === 'deny') throw new ForbiddenException(message)
}
