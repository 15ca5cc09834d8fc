/* What the Company pages may know of a société and of its members. */
import { ACOMPTE_RETRACTATION_DEFAULT } from '#shared/retractation'
import { TOLERANCE_DEFAUT_MM } from '#shared/mesurage'
import type Societe from '#models/societe'
import type User from '#models/user'
import { formatIban } from '#shared/validation/belgium'
import { trimDecimal } from '#models/ligne_base'
import type { MemberRole } from '#shared/societes'

/** The URL of the logo (its route checks the right to see the société); changes with the file. */
export function logoUrl(societe: Societe): string | null {
  if (!societe.logoPath) return null
  return `/app/company/${societe.id}/logo?v=${societe.logoPath.slice(0, 8)}`
}

export function societeRow(societe: Societe, canEditAll: boolean) {
  const myRole = (societe.$extras.my_role as MemberRole | null) ?? null
  return {
    id: societe.id,
    nom: societe.nom,
    type: societe.type,
    forme_juridique: societe.formeJuridique,
    numero_tva: societe.numeroTva,
    localite: societe.localite,
    email: societe.email,
    telephone: societe.telephone,
    logo_url: logoUrl(societe),
    my_role: myRole,
    members_count: Number(societe.$extras.members_count ?? 0),
    can_edit: canEditAll || myRole === 'admin',
  }
}

export function societeForm(societe: Societe) {
  return {
    id: societe.id,
    nom: societe.nom,
    type: societe.type,
    forme_juridique: societe.formeJuridique ?? '',
    numero_tva: societe.numeroTva ?? '',
    rpm: societe.rpm ?? '',
    adresse: societe.adresse ?? '',
    code_postal: societe.codePostal ?? '',
    localite: societe.localite ?? '',
    pays: societe.pays,
    email: societe.email ?? '',
    telephone: societe.telephone ?? '',
    iban: societe.iban ? formatIban(societe.iban) : '',
    bic: societe.bic ?? '',
    /** Partner discount on catalogue prices (pro sociétés; set by staff), "12,5". */
    remise_partenaire_pct: trimDecimal(societe.remisePartenairePct ?? '0').replace('.', ','),
    /** The esi société's rule for payments during a withdrawal period (shared/retractation.ts). */
    acompte_pendant_retractation:
      societe.acomptePendantRetractation ?? ACOMPTE_RETRACTATION_DEFAULT,
    /** The esi société's measurement tolerance, ± mm (shared/mesurage.ts). */
    tolerance_mesure_mm: String(societe.toleranceMesureMm ?? TOLERANCE_DEFAUT_MM),
    logo_url: logoUrl(societe),
    /** Sent back by the form: a stale save is refused (optimistic lock, issue 10). */
    lock_version: societe.lockVersion,
  }
}

export function memberRow(user: User, currentUserId: number) {
  return {
    membership_id: Number(user.$extras.pivot_id),
    user_id: user.id,
    name: user.name,
    email: user.email,
    role: user.$extras.pivot_role as MemberRole,
    /** Invited, never activated: no password chosen yet. */
    pending: !user.emailVerifiedAt,
    is_self: user.id === currentUserId,
    since: user.$extras.pivot_created_at
      ? new Date(user.$extras.pivot_created_at).toISOString()
      : null,
  }
}
