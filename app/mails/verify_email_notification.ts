import { BaseMail } from '@adonisjs/mail'
import type User from '#models/user'
import { APP_NAME } from '#shared/app'

export const VERIFY_EMAIL_SUBJECT = 'Vérifiez votre adresse e-mail'

/** The signed link that verifies a new account's address (valid 60 minutes). */
export default class VerifyEmailNotification extends BaseMail {
  subject = VERIFY_EMAIL_SUBJECT

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
      .htmlView('emails/verify_email_html', data)
      .textView('emails/verify_email_text', data)
  }
}
