import LinkMail from '#mails/link_mail'

export const VERIFY_EMAIL_SUBJECT = 'Vérifiez votre adresse e-mail'

/** The signed link that verifies a new account's address (valid 60 minutes). */
export default class VerifyEmailNotification extends LinkMail {
  subject = VERIFY_EMAIL_SUBJECT
  protected view = 'verify_email'
}
