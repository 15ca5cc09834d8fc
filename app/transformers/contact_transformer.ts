/* What the Contacts pages may know of a contact. */
import type Contact from '#models/contact'

export function contactRow(contact: Contact) {
  return {
    id: contact.id,
    nom: contact.nom,
    prenom: contact.prenom,
    email: contact.email,
    telephone: contact.telephone,
    localite: contact.localite,
    societe: { id: contact.societeId, nom: String(contact.$extras.societe_nom ?? '') },
  }
}

export function contactDetail(contact: Contact) {
  return {
    ...contactRow(contact),
    adresse: contact.adresse,
    code_postal: contact.codePostal,
    notes: contact.notes,
    created_at: contact.createdAt.toISO(),
    updated_at: contact.updatedAt.toISO(),
    /** Sent back by the edit form (optimistic lock, issue 10). */
    lock_version: contact.lockVersion,
  }
}
