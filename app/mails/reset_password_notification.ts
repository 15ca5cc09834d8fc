import { BaseMail } from '@adonisjs/mail'
import type User from '#models/user'
import { APP_NAME } from '#shared/app'

export const RESET_PASSWORD_SUBJECT = 'Réinitialisation de votre mot de passe'

/** The single-use reset link (valid 60 minutes). */
export default class ResetPasswordNotification extends BaseMail {
  subject = RESET_PASSWORD_SUBJECT

  constructor(
    private user: User,
    private url: string,
    private minutes: number
  ) {
    super()
  }

  prepare() {
    const data = {
      subject: this.subject,
      appName: APP_NAME,
      name: this.user.name,
      url: this.url,
      minutes: this.minutes,
    }
    this.message
      .to(this.user.email, this.user.name)
      .htmlView('emails/reset_password_html', data)
      .textView('emails/reset_password_text', data)
  }
}
