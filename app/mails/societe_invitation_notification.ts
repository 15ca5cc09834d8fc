import { BaseMail } from '@adonisjs/mail'
import type User from '#models/user'
import { APP_NAME } from '#shared/app'

export const INVITATION_SUBJECT = 'Invitation à rejoindre une société'
export const MEMBER_ADDED_SUBJECT = 'Vous avez été ajouté à une société'

interface InvitationData {
  invitee: User
  inviterName: string
  societeNom: string
  /** The signed link to choose a password (72 h), or null when the account already has one. */
  url: string | null
  loginUrl: string
  hours: number
}

/**
 * Tells a person he was added to a société: with a link to choose his password when his account
 * was just created (or never activated), else a plain notice with the login link.
 */
export default class SocieteInvitationNotification extends BaseMail {
  subject: string

  constructor(private data: InvitationData) {
    super()
    this.subject = data.url ? INVITATION_SUBJECT : MEMBER_ADDED_SUBJECT
  }

  prepare() {
    const view = {
      subject: this.subject,
      appName: APP_NAME,
      name: this.data.invitee.name,
      inviter: this.data.inviterName,
      societe: this.data.societeNom,
      url: this.data.url,
      loginUrl: this.data.loginUrl,
      hours: this.data.hours,
    }
    this.message
      .to(this.data.invitee.email, this.data.invitee.name)
      .htmlView('emails/societe_invitation_html', view)
      .textView('emails/societe_invitation_text', view)
  }
}
