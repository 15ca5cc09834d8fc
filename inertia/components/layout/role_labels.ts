import type { Role } from '../../../shared/roles.js'

/** French labels of the roles, for the user menu and the side overlay. */
export const ROLE_LABELS: Record<Role, string> = {
  esi: 'ESI (interne)',
  pro: 'Professionnel',
  other: 'Utilisateur',
}

export function roleLabel(role: string | null | undefined): string {
  return (role && ROLE_LABELS[role as Role]) || 'Utilisateur'
}
