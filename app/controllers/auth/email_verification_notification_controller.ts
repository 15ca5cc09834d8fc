import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import SendEmailVerification from '#actions/auth/send_email_verification'
import { audit } from '#services/audit'
import {
  countTry,
  limiters,
  secondsToWait,
  throttleKeys,
  waitBeforeResendMessage,
} from '#services/throttle'

export const VERIFICATION_RESENT_MESSAGE =
  'Un nouveau lien de vérification vient de vous être envoyé.'

/** "Renvoyer l'e-mail": at most one a minute and six an hour per user. */
export default class EmailVerificationNotificationController {
  async store(ctx: HttpContext) {
    const { auth, response, session } = ctx
    const user = auth.getUserOrFail()
    if (user.emailVerifiedAt) return response.redirect().toRoute('app.dashboard')

    const checks: Parameters<typeof countTry>[0] = [
      [limiters.perMinute(), throttleKeys.verificationMinute(user.id)],
      [limiters.sixPerHour(), throttleKeys.verificationHour(user.id)],
    ]
    const wait = await secondsToWait(checks)
    if (wait > 0) {
      session.flash('error', waitBeforeResendMessage(wait))
      return response.redirect().back()
    }
    await countTry(checks)
    await new SendEmailVerification().handle(user)
    await audit(actorOf(ctx), {
      action: 'auth.verification_sent',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
    })
    session.flash('success', VERIFICATION_RESENT_MESSAGE)
    return response.redirect().back()
  }
}
