import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import VerifyEmail from '#actions/auth/verify_email'
import { VERIFY_EMAIL_PURPOSE } from '#actions/auth/send_email_verification'
import { audit } from '#services/audit'

export const INVALID_VERIFICATION_LINK =
  'Ce lien de vérification est invalide ou a expiré. Demandez-en un nouveau.'

/**
 * The link of the verification email: a signed URL (60 minutes) naming the user and the hash of
 * his address. It verifies the address and never logs anybody in (ASVS 6.3.3).
 */
export default class VerifyEmailController {
  async verify(ctx: HttpContext) {
    const { request, params, auth, session, response } = ctx
    const result = request.hasValidSignature(VERIFY_EMAIL_PURPOSE)
      ? await new VerifyEmail().handle(params.id, params.hash)
      : null
    if (!result) {
      session.flash('error', INVALID_VERIFICATION_LINK)
      return response.redirect().toRoute(auth.user ? 'app.verification.notice' : 'guest.login')
    }
    if (result.verifiedNow) {
      await audit(actorOf(ctx), {
        action: 'auth.email_verified',
        userId: result.user.id,
        subjectType: 'user',
        subjectId: result.user.id,
      })
    }
    if (auth.user) {
      session.flash('success', 'Votre adresse e-mail est vérifiée. Bienvenue !')
      return response.redirect().toRoute('app.dashboard')
    }
    session.flash('success', 'Votre adresse e-mail est vérifiée. Vous pouvez vous connecter.')
    return response.redirect().toRoute('guest.login')
  }
}
