/*
 * Roles and areas, shared by the server (route guards, policies) and the client (menu filter).
 * DESIGN.md §4: the effective role is acces_role when set (esi only), else role.
 */
export const ROLES = ['esi', 'pro', 'other'] as const
export type Role = (typeof ROLES)[number]

/** Values an esi may take as acces_role to see the app as that kind of user. */
export const ACCES_ROLES = ['pro', 'other'] as const
export type AccesRole = (typeof ACCES_ROLES)[number]

/** Rights a user may switch on for himself once granted (droits_accordes). */
export const DROITS = ['admin'] as const
export type Droit = (typeof DROITS)[number]

/**
 * Areas of the application. `app`: every logged-in user; `partner`: pro and esi;
 * `esi`: staff; `admin`: staff with droit admin switched on.
 */
export type Area = 'app' | 'partner' | 'esi' | 'admin'

export interface RoleSubject {
  role: Role | string
  acces_role?: string | null
  droit?: string | null
}

export function effectiveRole(user: RoleSubject): Role {
  if (
    user.role === 'esi' &&
    user.acces_role &&
    (ACCES_ROLES as readonly string[]).includes(user.acces_role)
  ) {
    return user.acces_role as Role
  }
  return (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : 'other'
}

export function canReach(user: RoleSubject, area: Area): boolean {
  const role = effectiveRole(user)
  switch (area) {
    case 'app':
      return true
    case 'partner':
      return role === 'pro' || role === 'esi'
    case 'esi':
      return role === 'esi'
    case 'admin':
      return role === 'esi' && user.droit === 'admin'
  }
}

export const AREAS: Area[] = ['app', 'partner', 'esi', 'admin']
