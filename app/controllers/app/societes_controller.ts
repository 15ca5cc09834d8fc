import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import SocietePolicy from '#policies/societe_policy'
import { authorize, hasStaffPowers } from '#policies/base_policy'
import {
  findSocieteFor,
  parseSocieteListParams,
  SOCIETE_SORT_COLUMNS,
  societeMembers,
  societesListQuery,
} from '#services/societe_queries'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import type Societe from '#models/societe'
import { memberRow, societeForm, societeRow } from '#transformers/societe_transformer'
import { societeValidator } from '#validators/societe'
import { createSociete, deleteSociete, updateSociete } from '#actions/societes/save_societe'
import { SOCIETE_TYPES } from '#shared/societes'

/** Company/Index, Create and Edit (DESIGN.md §4: a user's own sociétés, staff all). */
export default class SocietesController {
  private policy = new SocietePolicy()

  async index({ auth, request, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const params = parseSocieteListParams(request.qs())
    const seesAll = hasStaffPowers(user)
    const { list, warnings } = await listPage(params, {
      query: () => societesListQuery(user, params, seesAll),
      columns: SOCIETE_SORT_COLUMNS,
      table: 'societes',
      scoped: !seesAll,
      map: (s: Societe) => societeRow(s, seesAll),
    })
    return inertia.render('Company/Index', {
      societes: list,
      filters: filtersProp(params),
      warnings,
      seesAll,
      creatableTypes: this.policy.creatableTypes(user),
    })
  }

  async create({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('Company/Create', {
      types: this.policy.creatableTypes(user),
      canSetRemise: hasStaffPowers(user),
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(societeValidator)
    const societe = await createSociete(actorOf(ctx), user, input, this.policy.creatableTypes(user))
    session.flash('success', `La société « ${societe.nom} » est créée.`)
    return response.redirect().toRoute('app.company.edit', { id: societe.id })
  }

  async edit({ auth, params, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(
      this.policy.update(user, membership),
      'Seuls les administrateurs de la société peuvent la modifier.'
    )
    const members = await societeMembers(societe.id)
    return inertia.render('Company/Edit', {
      societe: societeForm(societe),
      members: members.map((m) => memberRow(m, user.id)),
      types: this.policy.changeType(user) ? [...SOCIETE_TYPES] : [societe.type],
      canManageMembers: this.policy.manageMembers(user, societe, membership) === 'allow',
      canDelete: this.policy.delete(user, societe) === 'allow',
      canSetRemise: hasStaffPowers(user),
    })
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.update(user, membership))
    const input = await request.validateUsing(societeValidator)
    await updateSociete(actorOf(ctx), societe, input, this.policy.changeType(user))
    session.flash('success', 'Les informations de la société sont enregistrées.')
    return response.redirect().toRoute('app.company.edit', { id: societe.id })
  }

  /** Admin area (esi with the admin droit, recent step-up): memberships and contacts go too. */
  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe } = await findSocieteFor(user, params.id)
    authorize(this.policy.delete(user, societe), 'Notre propre société ne peut pas être supprimée.')
    // Refused with the reason (409, back to the page) while it has documents
    await deleteSociete(actorOf(ctx), societe)
    session.flash('success', `La société « ${societe.nom} » est supprimée.`)
    return response.redirect().toRoute('app.company.index')
  }
}
