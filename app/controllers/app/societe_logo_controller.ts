import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import SocietePolicy from '#policies/societe_policy'
import { authorize } from '#policies/base_policy'
import { findSocieteFor } from '#services/societe_queries'
import { storedLogo } from '#services/logo_storage'
import { logoValidator } from '#validators/societe'
import { removeLogo, replaceLogo } from '#actions/societes/update_societe_logo'
import { sendFile } from '#services/http/file_response'

/**
 * The société's logo: uploaded by whoever may edit the société, read by whoever may see it.
 * Served by the file storage (sendFile: server-chosen type, `nosniff`, sandboxing CSP,
 * `attachment`; an <img> still shows it, opened alone it downloads, ASVS 5.4 / 3.2.1).
 */
export default class SocieteLogoController {
  private policy = new SocietePolicy()

  async show({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.view(user, membership))
    const stored = storedLogo(societe.logoPath)
    await sendFile(response, stored, {
      filename: `logo-societe-${societe.id}`,
      cacheControl: 'private, max-age=86400',
    })
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.update(user, membership))
    const { logo } = await request.validateUsing(logoValidator)
    await replaceLogo(actorOf(ctx), societe, logo)
    session.flash('success', 'Le logo est enregistré.')
    return response.redirect().toRoute('app.company.edit', { id: societe.id })
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.update(user, membership))
    await removeLogo(actorOf(ctx), societe)
    session.flash('success', 'Le logo est retiré.')
    return response.redirect().toRoute('app.company.edit', { id: societe.id })
  }
}
