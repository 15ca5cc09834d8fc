import { BaseMail } from '@adonisjs/mail'
import type User from '#models/user'
import { APP_NAME } from '#shared/app'

/**
 * A mail that brings one time-limited link to one user (verification, password reset): the
 * subclasses only name their subject and their pair of views (`emails/<view>_html|_text`).
 */
export default abstract class LinkMail extends BaseMail {
  abstract subject: string
  protected abstract view: string

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
      .htmlView(`emails/${this.view}_html`, data)
      .textView(`emails/${this.view}_text`, data)
  }
}
