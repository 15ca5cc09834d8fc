import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import { acceptInvitation, invitedUser } from '#actions/societes/accept_invitation'
import { INVITATION_PURPOSE } from '#actions/societes/invitation_link'
import { acceptInvitationValidator } from '#validators/societe_member'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'

export const INVALID_INVITATION_LINK =
  'Ce lien d’invitation est invalide, a déjà servi ou a expiré. Demandez à l’administrateur de la société de vous inviter à nouveau, ou utilisez « Mot de passe oublié ».'
export const INVITATION_ACCEPTED =
  'Votre mot de passe est enregistré et votre compte activé. Vous pouvez maintenant vous connecter.'

/**
 * Auth/AcceptInvitation: the invitee of a société chooses his password through the signed link
 * of his email (72 hours, single use); his address is then verified. He logs in afterwards.
 */
export default class AcceptInvitationController {
  async create({ request, params, inertia }: HttpContext) {
    const user = request.hasValidSignature(INVITATION_PURPOSE)
      ? await invitedUser(params.id, request.qs().h)
      : null
    return inertia.render('Auth/AcceptInvitation', {
      valid: Boolean(user),
      name: user?.name ?? null,
      email: user?.email ?? null,
      // Posted back to the same signed URL, so the signature is checked again
      action: request.url(true),
    })
  }

  async store(ctx: HttpContext) {
    const { request, params, response, session } = ctx
    if (!request.hasValidSignature(INVITATION_PURPOSE)) {
      flashFieldErrors(session, { password: INVALID_INVITATION_LINK })
      return response.redirect().back()
    }
    const { password } = await request.validateUsing(acceptInvitationValidator)
    const user = await acceptInvitation(params.id, request.qs().h, password)
    if (!user) {
      flashFieldErrors(session, { password: INVALID_INVITATION_LINK })
      return response.redirect().back()
    }
    await audit(actorOf(ctx), {
      action: 'societe.invitation_accepted',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
    })
    session.flash('success', INVITATION_ACCEPTED)
    return response.redirect().toRoute('guest.login')
  }
}
