/* Props of the Company pages (types, not interfaces: the server checks them as JSON records). */
import { ACOMPTE_RETRACTATION_DEFAULT, type AcompteRetractationRegle } from '@shared/retractation'
import type { MemberRole, SocieteType } from '@shared/societes'

export type SocieteRow = {
  id: number
  nom: string
  type: SocieteType
  forme_juridique: string | null
  numero_tva: string | null
  localite: string | null
  email: string | null
  telephone: string | null
  logo_url: string | null
  my_role: MemberRole | null
  members_count: number
  can_edit: boolean
}

export type SocieteFormValues = {
  nom: string
  type: SocieteType
  forme_juridique: string
  numero_tva: string
  rpm: string
  adresse: string
  code_postal: string
  localite: string
  pays: string
  email: string
  telephone: string
  iban: string
  bic: string
  /** Partner discount % of a pro société (staff only may change it). */
  remise_partenaire_pct: string
  /** The esi société's rule for payments during a withdrawal period (staff only may change it). */
  acompte_pendant_retractation: AcompteRetractationRegle
  /** The esi société's measurement tolerance in mm, as typed (staff only may change it). */
  tolerance_mesure_mm: string
  /** The version the form saw (edit only): a stale save is refused with the reason. */
  lock_version?: number
}

export type SocieteDetail = SocieteFormValues & { id: number; logo_url: string | null }

export type MemberRow = {
  membership_id: number
  user_id: number
  name: string
  email: string
  role: MemberRole
  pending: boolean
  is_self: boolean
  since: string | null
}

export type SocieteRef = { id: number; nom: string; type: SocieteType }

export const EMPTY_SOCIETE: SocieteFormValues = {
  nom: '',
  type: 'client',
  forme_juridique: '',
  numero_tva: '',
  rpm: '',
  adresse: '',
  code_postal: '',
  localite: '',
  pays: 'BE',
  email: '',
  telephone: '',
  iban: '',
  bic: '',
  remise_partenaire_pct: '0',
  acompte_pendant_retractation: ACOMPTE_RETRACTATION_DEFAULT,
  tolerance_mesure_mm: '10',
}
