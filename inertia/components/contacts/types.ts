/* Props of the Contacts pages (types, not interfaces: the server checks them as JSON records). */
export type SocieteOption = { id: number; nom: string }

export type ContactRow = {
  id: number
  nom: string
  prenom: string | null
  email: string | null
  telephone: string | null
  localite: string | null
  societe: SocieteOption
}

export type ContactDetail = ContactRow & {
  adresse: string | null
  code_postal: string | null
  notes: string | null
  created_at: string | null
  updated_at: string | null
  lock_version: number
}

export type ContactFormValues = {
  societe_id: string
  nom: string
  prenom: string
  email: string
  telephone: string
  adresse: string
  code_postal: string
  localite: string
  notes: string
  /** The version the edit form saw (absent for a new contact). */
  lock_version?: number
}

export function contactFormValues(
  contact: ContactDetail | null,
  societes: SocieteOption[]
): ContactFormValues {
  return {
    societe_id: String(contact?.societe.id ?? (societes.length === 1 ? societes[0].id : '')),
    nom: contact?.nom ?? '',
    prenom: contact?.prenom ?? '',
    email: contact?.email ?? '',
    telephone: contact?.telephone ?? '',
    adresse: contact?.adresse ?? '',
    code_postal: contact?.code_postal ?? '',
    localite: contact?.localite ?? '',
    notes: contact?.notes ?? '',
    ...(contact ? { lock_version: contact.lock_version } : {}),
  }
}
