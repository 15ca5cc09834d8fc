import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import SocietePolicy from '#policies/societe_policy'
import { authorize } from '#policies/base_policy'
import { findSocieteFor } from '#services/societe_queries'
import { storedLogo } from '#services/logo_storage'
import { logoValidator } from '#validators/societe'
import { removeLogo, replaceLogo } from '#actions/societes/update_societe_logo'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * The société's logo: uploaded by whoever may edit the société, read by whoever may see it.
 * Served with a type chosen by the server from the checked content, `nosniff`, a sandboxing
 * CSP and `attachment` (an <img> still shows it; opened alone it downloads, ASVS 5.4 / 3.2.1).
 */
export default class SocieteLogoController {
  private policy = new SocietePolicy()

  async show({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.view(user, membership))
    const stored = storedLogo(societe.logoPath)
    if (!stored) throw new NotFoundException()
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Content-Security-Policy', "default-src 'none'; sandbox")
    response.header('Cache-Control', 'private, max-age=86400')
    return response.attachment(stored.path, `logo-societe-${societe.id}.${stored.format}`)
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.update(user, membership))
    const { logo } = await request.validateUsing(logoValidator)
    await replaceLogo(actorOf(ctx), societe, logo)
    session.flash('success', 'Le logo est enregistré.')
    return response.redirect().toPath(`/app/company/${societe.id}/edit`)
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.update(user, membership))
    await removeLogo(actorOf(ctx), societe)
    session.flash('success', 'Le logo est retiré.')
    return response.redirect().toPath(`/app/company/${societe.id}/edit`)
  }
}
