import type { HttpContext } from '@adonisjs/core/http'
import TextePolicy from '#policies/texte_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import type User from '#models/user'
import SaveUserTexte, { findOwnUserTexte } from '#actions/textes/save_user_texte'
import { userTexteUpdateValidator, userTexteValidator } from '#validators/textes'
import { NotFoundException } from '#exceptions/http_exceptions'

export const USER_TEXTE_SAVED_MESSAGE = 'Votre version du texte est enregistrée.'
export const USER_TEXTE_RESET_MESSAGE = 'Le texte de la société est rétabli.'

const policy = new TextePolicy()

/** PageTextes: the user's own versions of the base texts. Only his own are ever found. */
export default class UserTextesController {
  async store(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail() as User
    authorize(policy.keepOwn(user))
    const { texte_id: texteId, contenu } = await ctx.request.validateUsing(userTexteValidator)
    await new SaveUserTexte(actorOf(ctx), user).save(texteId, contenu)
    ctx.session.flash('success', USER_TEXTE_SAVED_MESSAGE)
    return ctx.response.redirect().toRoute('app.profile')
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail() as User
    const own = await findOwnUserTexte(user, ctx.params.id)
    if (!own) throw new NotFoundException()
    authorize(policy.updateOwn(user, own))
    const { contenu } = await ctx.request.validateUsing(userTexteUpdateValidator)
    await new SaveUserTexte(actorOf(ctx), user).save(own.texteId, contenu)
    ctx.session.flash('success', USER_TEXTE_SAVED_MESSAGE)
    return ctx.response.redirect().toRoute('app.profile')
  }

  async destroy(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail() as User
    const own = await findOwnUserTexte(user, ctx.params.id)
    if (!own) throw new NotFoundException()
    authorize(policy.updateOwn(user, own))
    await new SaveUserTexte(actorOf(ctx), user).reset(own)
    ctx.session.flash('success', USER_TEXTE_RESET_MESSAGE)
    return ctx.response.redirect().toRoute('app.profile')
  }
}
