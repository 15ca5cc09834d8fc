/*
 * Creating, editing and deleting a contact, with the audit row in the same transaction. The
 * société comes from the form, so it is checked like any other input (ASVS 8.2.3): a pro société
 * the user belongs to (staff: any pro société), else a French error next to the field.
 */
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import { AppException } from '#exceptions/http_exceptions'
import { lockRecordVersion } from '#services/documents/optimistic_lock'
import Contact from '#models/contact'
import Societe from '#models/societe'
import type User from '#models/user'
import ContactPolicy from '#policies/contact_policy'
import { audit } from '#services/audit'
import { changes, fieldError } from '#services/field_error'
import { isMember } from '#services/contact_queries'
import type { ContactInput } from '#validators/contact'

export const SOCIETE_NOT_ALLOWED = 'Choisissez une de vos sociétés partenaires.'

function attributes(input: ContactInput) {
  return {
    societeId: input.societe_id,
    nom: input.nom,
    prenom: input.prenom ?? null,
    email: input.email?.toLowerCase() ?? null,
    telephone: input.telephone ?? null,
    adresse: input.adresse ?? null,
    codePostal: input.code_postal ?? null,
    localite: input.localite ?? null,
    notes: input.notes ?? null,
  }
}

function summary(contact: Contact): Record<string, unknown> {
  return {
    societe_id: contact.societeId,
    nom: contact.nom,
    prenom: contact.prenom,
    email: contact.email,
    telephone: contact.telephone,
    adresse: contact.adresse,
    code_postal: contact.codePostal,
    localite: contact.localite,
    notes: contact.notes,
  }
}

/** Refuses (field error) a société the user may not put contacts in; unknown ids alike. */
async function checkSociete(user: User, societeId: number) {
  const societe = await Societe.find(societeId)
  const member = societe ? await isMember(user.id, societe.id) : false
  if (!societe || !new ContactPolicy().assignTo(user, societe.type, member)) {
    fieldError('societe_id', SOCIETE_NOT_ALLOWED)
  }
}

export async function createContact(actor: Actor, user: User, input: ContactInput) {
  await checkSociete(user, input.societe_id)
  return db.transaction(async (trx) => {
    const contact = await Contact.create(attributes(input), { client: trx })
    await audit(
      actor,
      {
        action: 'contact.created',
        subjectType: 'contact',
        subjectId: contact.id,
        after: summary(contact),
      },
      trx
    )
    return contact
  })
}

export async function updateContact(
  actor: Actor,
  user: User,
  contact: Contact,
  input: ContactInput
) {
  if (input.societe_id !== contact.societeId) await checkSociete(user, input.societe_id)
  const before = summary(contact)
  await db.transaction(async (trx) => {
    await lockRecordVersion(trx, contact, input.lock_version, {
      label: 'Ce contact',
      auditType: 'contact',
    })
    contact.useTransaction(trx)
    contact.merge(attributes(input))
    await contact.save()
    const diff = changes(before, summary(contact))
    if (diff) {
      await audit(
        actor,
        { action: 'contact.updated', subjectType: 'contact', subjectId: contact.id, ...diff },
        trx
      )
    }
  })
}

export async function deleteContact(actor: Actor, contact: Contact) {
  await db.transaction(async (trx) => {
    // Its offres keep it (foreign key RESTRICT): say why instead of a database error
    const [row] = await trx.from('offres').where('contact_id', contact.id).count('* as n')
    if (Number(row.n) > 0) {
      throw new AppException(
        `Le contact « ${contact.fullName} » a des offres : il ne peut pas être supprimé (ses offres restent dans l’historique).`,
        { status: 422 }
      )
    }
    await audit(
      actor,
      {
        action: 'contact.deleted',
        subjectType: 'contact',
        subjectId: contact.id,
        before: summary(contact),
      },
      trx
    )
    contact.useTransaction(trx)
    await contact.delete()
  })
}
