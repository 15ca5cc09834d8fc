import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/actor'
import type User from '#models/user'
import SocietePolicy from '#policies/societe_policy'
import { authorize } from '#policies/base_policy'
import { findSocieteFor, membershipOf, societeMembers } from '#services/societe_queries'
import { parseId } from '#services/route_params'
import { memberRow } from '#transformers/societe_transformer'
import { inviteMemberValidator, memberRoleValidator } from '#validators/societe_member'
import {
  changeMemberRole,
  findMembership,
  inviteMember,
  LAST_ADMIN,
  removeMember,
} from '#actions/societes/manage_members'
import { NotFoundException } from '#exceptions/http_exceptions'
import Societe from '#models/societe'
import { roleForInvitee } from '#shared/societes'

const MANAGE_REFUSED = 'Seuls les administrateurs de la société gèrent ses utilisateurs.'

/**
 * Users of a société (Company/Usercreate, Company/Useredit): its admins and staff invite, change
 * the société role and remove. `:id` of the member routes is the membership, so one number
 * names both the société and the person.
 */
export default class SocieteMembersController {
  private policy = new SocietePolicy()

  /** The membership of the URL, after checking that the user manages its société. */
  private async membershipFor(user: User, rawId: unknown) {
    const id = parseId(rawId)
    const member = id === null ? null : await findMembership(id)
    if (!member) throw new NotFoundException()
    const societe = await Societe.findOrFail(member.societeId)
    const own = await membershipOf(user.id, societe.id)
    authorize(this.policy.manageMembers(user, societe, own), MANAGE_REFUSED)
    return { member, societe }
  }

  async create({ auth, params, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.manageMembers(user, societe, membership), MANAGE_REFUSED)
    return inertia.render('Company/Usercreate', {
      societe: { id: societe.id, nom: societe.nom, type: societe.type },
      newAccountRole: roleForInvitee(societe.type),
    })
  }

  async store(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { societe, membership } = await findSocieteFor(user, params.id)
    authorize(this.policy.manageMembers(user, societe, membership), MANAGE_REFUSED)
    const input = await request.validateUsing(inviteMemberValidator)
    const { user: invitee, created } = await inviteMember(actorOf(ctx), user, societe, input)
    session.flash(
      'success',
      created
        ? `Invitation envoyée à ${invitee.email} : le lien pour choisir son mot de passe est valable 72 heures.`
        : `${invitee.name} fait maintenant partie de la société ; un e-mail l’en informe.`
    )
    return response.redirect().toRoute('app.company.edit', { id: societe.id })
  }

  async edit({ auth, params, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const { member, societe } = await this.membershipFor(user, params.id)
    const members = await societeMembers(societe.id)
    const row = members.find((m) => Number(m.$extras.pivot_id) === member.id)
    if (!row) throw new NotFoundException()
    const admins = members.filter((m) => m.$extras.pivot_role === 'admin').length
    return inertia.render('Company/Useredit', {
      societe: { id: societe.id, nom: societe.nom, type: societe.type },
      member: memberRow(row, user.id),
      isLastAdmin: member.role === 'admin' && admins <= 1,
    })
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { member, societe } = await this.membershipFor(user, params.id)
    const { role } = await request.validateUsing(memberRoleValidator)
    await changeMemberRole(actorOf(ctx), member, role)
    session.flash('success', 'Le rôle est enregistré.')
    // An admin who made himself a simple member can no longer manage the société
    const stillManages =
      this.policy.manageMembers(user, societe, await membershipOf(user.id, societe.id)) === 'allow'
    return response
      .redirect()
      .toPath(
        stillManages ? urlFor('app.company.edit', { id: societe.id }) : urlFor('app.company.index')
      )
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    const { member, societe } = await this.membershipFor(user, params.id)
    if (!(await removeMember(actorOf(ctx), member))) {
      session.flash('error', LAST_ADMIN)
      return response.redirect().toRoute('app.company.edit', { id: societe.id })
    }
    session.flash('success', 'La personne ne fait plus partie de la société.')
    const stillManages =
      this.policy.manageMembers(user, societe, await membershipOf(user.id, societe.id)) === 'allow'
    return response
      .redirect()
      .toPath(
        stillManages ? urlFor('app.company.edit', { id: societe.id }) : urlFor('app.company.index')
      )
  }
}
