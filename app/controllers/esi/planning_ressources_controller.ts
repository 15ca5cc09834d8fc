import type { HttpContext } from '@adonisjs/core/http'
import PlanningRessourcePolicy from '#policies/planning_ressource_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { ressourcesConfigurees, staffMembers } from '#services/planning/ressources'
import {
  addRessource,
  removeRessource,
  setTrajetMinutes,
  updateRessource,
} from '#services/planning/ressources_admin'
import { annulerDemande, createDemande, DEMANDE_DUREE } from '#services/planning/demandes'
import { attenteItems } from '#services/planning/attente'
import { trajetMinutes } from '#services/planning/planification_personnes'
import {
  demandeStoreValidator,
  ressourceStoreValidator,
  ressourceUpdateValidator,
  trajetValidator,
} from '#validators/planning_ressources'
import { TRAJET_MAX_MINUTES } from '#shared/planning'
import type { EquipesPageProps } from '#shared/planning_equipes'

const policy = new PlanningRessourcePolicy()

/**
 * The planning's settings page (issue 13): who is in each planning, the travel time, and the
 * requests waiting to be planned. Rules in app/services/planning (ressources_admin, demandes).
 */
export default class PlanningRessourcesController {
  async index({ inertia, auth }: HttpContext) {
    const user = auth.user ?? null
    authorize(policy.view(user))
    const [com, tec, staff, trajet, attenteCom, attenteTec] = await Promise.all([
      ressourcesConfigurees('com'),
      ressourcesConfigurees('tec'),
      staffMembers(),
      trajetMinutes(),
      attenteItems('com'),
      attenteItems('tec'),
    ])
    const props: EquipesPageProps = {
      ressources: { com, tec },
      staff,
      trajetMinutes: trajet,
      trajetMax: TRAJET_MAX_MINUTES,
      demandes: {
        com: attenteCom.filter((i) => i.demandeId),
        tec: attenteTec.filter((i) => i.demandeId),
      },
      canManage: policy.manage(user) === 'allow',
      duree: { ...DEMANDE_DUREE },
    }
    return inertia.render('esi/planning/Equipes', props)
  }

  async store(ctx: HttpContext) {
    const { request, auth, response, session } = ctx
    authorize(policy.manage(auth.user ?? null))
    const input = await request.validateUsing(ressourceStoreValidator)
    await addRessource(actorOf(ctx), {
      type: input.type,
      userId: input.user_id,
      couleur: input.couleur ?? null,
      equipe: input.equipe ?? null,
    })
    session.flash('success', 'Personne ajoutée au planning.')
    return response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const { request, auth, response, session, params } = ctx
    authorize(policy.manage(auth.user ?? null))
    const input = await request.validateUsing(ressourceUpdateValidator)
    await updateRessource(actorOf(ctx), Number(params.id), input)
    session.flash('success', 'Planning mis à jour.')
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { auth, response, session, params } = ctx
    authorize(policy.manage(auth.user ?? null))
    await removeRessource(actorOf(ctx), Number(params.id))
    session.flash('success', 'Personne retirée du planning.')
    return response.redirect().back()
  }

  async trajet(ctx: HttpContext) {
    const { request, auth, response, session } = ctx
    authorize(policy.manage(auth.user ?? null))
    const { minutes } = await request.validateUsing(trajetValidator)
    await setTrajetMinutes(actorOf(ctx), minutes)
    session.flash('success', 'Temps de trajet enregistré.')
    return response.redirect().back()
  }

  async demandeStore(ctx: HttpContext) {
    const { request, auth, response, session } = ctx
    authorize(policy.update(auth.user ?? null))
    const input = await request.validateUsing(demandeStoreValidator)
    await createDemande(actorOf(ctx), {
      type: input.type,
      clientId: input.client_id ?? null,
      titre: input.titre,
      notes: input.notes ?? null,
      dureeMinutes: input.duree_minutes ?? null,
    })
    session.flash(
      'success',
      input.type === 'tec'
        ? 'Demande SAV créée : elle attend au planning technique.'
        : 'Demande de visite créée : elle attend au planning commercial.'
    )
    return response.redirect().back()
  }

  async demandeAnnuler(ctx: HttpContext) {
    const { auth, response, session, params } = ctx
    authorize(policy.update(auth.user ?? null))
    await annulerDemande(actorOf(ctx), Number(params.id))
    session.flash('success', 'Demande annulée.')
    return response.redirect().back()
  }
}
