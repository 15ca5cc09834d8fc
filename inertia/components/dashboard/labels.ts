/** French labels of the dashboard; the wording of the roles follows the user menu's. */
export const ROLE_LABELS: Record<string, string> = {
  esi: 'ESI (interne)',
  pro: 'Professionnel',
  other: 'Utilisateur',
}

export const SOCIETE_TYPE_LABELS: Record<string, { label: string; color: string }> = {
  esi: { label: 'ESI', color: 'primary' },
  pro: { label: 'Partenaire pro', color: 'success' },
  client: { label: 'Client', color: 'info' },
  fournisseur: { label: 'Fournisseur', color: 'warning' },
}

export const MEMBER_ROLE_LABELS: Record<string, string> = {
  admin: 'Administrateur',
  membre: 'Membre',
}

export function roleLabel(role: string | null | undefined): string {
  return (role && ROLE_LABELS[role]) ?? 'Utilisateur'
}
