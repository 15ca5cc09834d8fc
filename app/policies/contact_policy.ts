import type User from '#models/user'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * Contacts (DESIGN.md §4): staff see all; a partner sees, edits and deletes the contacts of the
 * sociétés he belongs to, and nothing else exists for him (404). Queries are scoped to his
 * sociétés as well (app/services/contact_queries.ts): both, never one alone.
 */
export default class ContactPolicy extends BasePolicy {
  /** `memberOfSociete`: the user belongs to the contact's société. */
  view(user: User, memberOfSociete: boolean): Decision {
    if (this.isEsi(user)) return 'allow'
    return memberOfSociete ? 'allow' : 'hide'
  }

  update(user: User, memberOfSociete: boolean): Decision {
    return this.view(user, memberOfSociete)
  }

  delete(user: User, memberOfSociete: boolean): Decision {
    return this.view(user, memberOfSociete)
  }

  /** Creating or moving a contact into a société: a pro société of his (staff: any pro société). */
  assignTo(user: User, societeType: string, memberOfSociete: boolean): boolean {
    if (societeType !== 'pro') return false
    return this.isEsi(user) || memberOfSociete
  }
}
