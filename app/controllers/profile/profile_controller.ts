import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import type User from '#models/user'
import UpdateProfileInformation from '#actions/profile/update_profile_information'
import DeleteUser, {
  lastAdminMessage,
  societesBlockingDeletion,
} from '#actions/profile/delete_user'
import { checkCurrentPassword } from '#actions/profile/check_current_password'
import { deleteAccountValidator, profileInformationValidator } from '#validators/profile'
import { flashFieldErrors } from '#services/http/form_errors'
import { RECOVERY_CODES_FLASH, twoFactorStatus } from '#services/two_factor'
import { textesWithOverrides } from '#services/textes'
import { userTexteRowProps } from '#transformers/texte_transformer'
import TextePolicy from '#policies/texte_policy'

export const PROFILE_UPDATED_MESSAGE = 'Votre profil est enregistré.'
export const EMAIL_CHANGED_MESSAGE =
  'Votre profil est enregistré. Un lien de vérification a été envoyé à votre nouvelle adresse.'
export const PASSWORD_FOR_EMAIL_MESSAGE =
  'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.'
export const ACCOUNT_DELETED_MESSAGE = 'Votre compte a été supprimé. Au revoir !'

/** Profile/Edit: identity, password, two-factor, own texts, account deletion. */
export default class ProfileController {
  async show({ auth, inertia, session }: HttpContext) {
    const user = auth.getUserOrFail() as User
    const rows =
      new TextePolicy().keepOwn(user) === 'allow' ? await textesWithOverrides(user.id) : null
    const textes = rows?.map((r) => userTexteRowProps(r.texte, r.override)) ?? null
    return inertia.render('Profile/Edit', {
      twoFactor: await twoFactorStatus(user, session.flashMessages.get(RECOVERY_CODES_FLASH)),
      textes,
      deletionBlockedBy: await societesBlockingDeletion(user),
    })
  }

  /** A new address needs the current password (account takeover through a stolen session). */
  async update(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail() as User
    const data = await request.validateUsing(profileInformationValidator, {
      meta: { userId: user.id },
    })
    if (data.email !== user.email) {
      const wrong = data.current_password
        ? await checkCurrentPassword(actorOf(ctx), user, data.current_password)
        : PASSWORD_FOR_EMAIL_MESSAGE
      if (wrong) {
        flashFieldErrors(session, { current_password: wrong })
        return response.redirect().back()
      }
    }
    const { emailChanged } = await new UpdateProfileInformation().handle(actorOf(ctx), user, data)
    session.flash('success', emailChanged ? EMAIL_CHANGED_MESSAGE : PROFILE_UPDATED_MESSAGE)
    return response.redirect().toRoute('app.profile')
  }

  /** Behind `confirmPassword`, and the password typed once more in the dialog. */
  async destroy(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail() as User
    const { password } = await request.validateUsing(deleteAccountValidator)
    const wrong = await checkCurrentPassword(actorOf(ctx), user, password)
    if (wrong) {
      flashFieldErrors(session, { password: wrong })
      return response.redirect().back()
    }
    const blocking = await societesBlockingDeletion(user)
    if (blocking.length) {
      flashFieldErrors(session, { password: lastAdminMessage(blocking) })
      return response.redirect().back()
    }
    await new DeleteUser().handle(actorOf(ctx), user)
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    session.flash('success', ACCOUNT_DELETED_MESSAGE)
    return response.redirect().toRoute('public.welcome')
  }
}
