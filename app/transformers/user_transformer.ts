import type User from '#models/user'

/** What the browser may know of the current user (SPEC.md §3). Never the hash or 2FA secrets. */
export function currentUserProps(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    initials: user.initials,
    // SPEC's field, never a third-party address: no page asks gravatar (offline, and it would
    // send a hash of the email out); the initials are drawn instead
    gravatar: null as string | null,
    role: user.role,
    droit: user.droit,
    droits_accordes: user.droitsAccordes ?? [],
    acces_role: user.accesRole,
    effective_role: user.effectiveRole,
    two_factor_enabled: Boolean(user.twoFactorConfirmedAt),
    email_verified: Boolean(user.emailVerifiedAt),
  }
}

export type CurrentUserProps = ReturnType<typeof currentUserProps>
