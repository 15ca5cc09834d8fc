import LinkMail from '#mails/link_mail'

export const RESET_PASSWORD_SUBJECT = 'Réinitialisation de votre mot de passe'

/** The single-use reset link (valid 60 minutes). */
export default class ResetPasswordNotification extends LinkMail {
  subject = RESET_PASSWORD_SUBJECT
  protected view = 'reset_password'
}
