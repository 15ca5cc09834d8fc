import type { HttpContext } from '@adonisjs/core/http'
import TextePolicy from '#policies/texte_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Texte from '#models/texte'
import SaveBaseTexte, { StaleTexteError } from '#actions/textes/save_base_texte'
import { createTexteValidator, updateTexteValidator } from '#validators/textes'
import { baseTexteProps } from '#transformers/texte_transformer'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'

export const TEXTE_CREATED_MESSAGE = 'Le texte modèle est créé.'
export const TEXTE_SAVED_MESSAGE = 'Le texte modèle est enregistré.'
export const TEXTE_DELETED_MESSAGE = 'Le texte modèle est supprimé.'

async function findTexte(rawId: unknown): Promise<Texte> {
  const id = parseId(rawId)
  const texte = id === null ? null : await Texte.query().where('id', id).preload('editor').first()
  if (!texte) throw new NotFoundException()
  return texte
}

const policy = new TextePolicy()

/** BaseTexte (list by category) and Texte (one text, with a live preview): esi only. */
export default class TextesController {
  async index({ auth, inertia }: HttpContext) {
    authorize(policy.viewAny(auth.getUserOrFail() as User))
    const textes = await Texte.query()
      .preload('editor')
      .withCount('overrides')
      .orderBy('categorie')
      .orderBy('titre')
    return inertia.render('Texte/BaseTexte', {
      textes: textes.map((t) => ({
        ...baseTexteProps(t),
        overrides: Number(t.$extras.overrides_count ?? 0),
      })),
    })
  }

  async create({ auth, inertia }: HttpContext) {
    authorize(policy.create(auth.getUserOrFail() as User))
    return inertia.render('Texte/Texte', { texte: null, canDelete: false })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail() as User
    authorize(policy.create(user))
    const data = await ctx.request.validateUsing(createTexteValidator)
    const texte = await new SaveBaseTexte(actorOf(ctx), user).create(data)
    ctx.session.flash('success', TEXTE_CREATED_MESSAGE)
    return ctx.response.redirect().toRoute('esi.textes.edit', { id: texte.id })
  }

  async edit({ inertia, params, auth }: HttpContext) {
    const user = auth.getUserOrFail() as User
    authorize(policy.view(user))
    const texte = await findTexte(params.id)
    return inertia.render('Texte/Texte', {
      texte: baseTexteProps(texte),
      // Deleting a base text is an admin action (DESIGN.md §4: deleting, settings)
      canDelete: policy.delete(user) === 'allow',
    })
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail() as User
    authorize(policy.update(user))
    const texte = await findTexte(ctx.params.id)
    const { version, ...fields } = await ctx.request.validateUsing(updateTexteValidator)
    try {
      await new SaveBaseTexte(actorOf(ctx), user).update(texte, fields, version)
    } catch (error) {
      if (!(error instanceof StaleTexteError)) throw error
      // What the user typed stays in the form, with the reason above it
      flashFieldErrors(ctx.session, { version: error.message })
      return ctx.response.redirect().back()
    }
    ctx.session.flash('success', TEXTE_SAVED_MESSAGE)
    return ctx.response.redirect().toRoute('esi.textes.edit', { id: texte.id })
  }

  /** Admin only (route stack): the users' own versions of it go too. */
  async destroy(ctx: HttpContext) {
    authorize(policy.delete(ctx.auth.getUserOrFail() as User))
    const texte = await findTexte(ctx.params.id)
    await db.transaction(async (trx) => {
      texte.useTransaction(trx)
      await texte.delete()
      await audit(
        actorOf(ctx),
        {
          action: 'texte.deleted',
          subjectType: 'texte',
          subjectId: texte.id,
          before: { code: texte.code, titre: texte.titre },
        },
        trx
      )
    })
    ctx.session.flash('success', TEXTE_DELETED_MESSAGE)
    return ctx.response.redirect().toRoute('esi.textes.index')
  }
}
