import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import ProduitPolicy from '#policies/produit_policy'
import { authorize } from '#policies/base_policy'
import Produit from '#models/produit'
import { NotFoundException } from '#exceptions/http_exceptions'
import { filtersProp } from '#services/list/list_params'
import { categories, listProduits, parseProduitListParams } from '#services/produits/produit_list'
import { exportProduits } from '#services/produits/produit_export'
import { sendCsv } from '#services/http/csv_response'
import {
  createProduit,
  fournisseurOptions,
  updateProduit,
} from '#services/produits/produit_service'
import { importCatalogueCsv, reject } from '#services/produits/produit_upload'
import { IMPORT_MAX_BYTES } from '#services/produits/produit_import'
import { readCsvUpload } from '#services/http/csv_upload'
import { actorOf } from '#services/actor'
import { produitItem } from '#transformers/produit_transformer'
import { produitMessagesProvider, produitValidator, produitValues } from '#validators/produit'
import { limitAction } from '#services/throttle'

async function findProduit(id: unknown): Promise<Produit> {
  const text = String(id ?? '')
  const produit = /^[1-9]\d{0,8}$/.test(text) ? await Produit.find(Number(text)) : null
  if (!produit) throw new NotFoundException()
  return produit
}

const policy = new ProduitPolicy()

/** esi/produits: the catalogue (DESIGN.md §2), esi only (routes in start/routes/produits.ts). */
export default class ProduitsController {
  async index({ auth, inertia, request }: HttpContext) {
    authorize(policy.viewAny(auth.getUserOrFail() as User))
    const params = parseProduitListParams(request.qs())
    const { list, warnings } = await listProduits(params, produitItem)
    return inertia.render('esi/produits/Index', {
      produits: list,
      filters: filtersProp(params),
      warnings,
      // Closures: left out of the partial reloads of sorting, searching and paging
      categories: () => categories(),
      fournisseurs: () => fournisseurOptions(),
    })
  }

  async store(ctx: HttpContext) {
    authorize(policy.create(ctx.auth.getUserOrFail() as User))
    const data = await ctx.request.validateUsing(produitValidator, {
      messagesProvider: produitMessagesProvider(),
      meta: {},
    })
    const produit = await createProduit(actorOf(ctx), produitValues(data))
    ctx.session.flash('success', `Produit ${produit.reference} ajouté au catalogue.`)
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.getUserOrFail() as User))
    const produit = await findProduit(ctx.params.id)
    const data = await ctx.request.validateUsing(produitValidator, {
      messagesProvider: produitMessagesProvider(),
      meta: { id: produit.id },
    })
    await updateProduit(actorOf(ctx), produit, produitValues(data), data.lock_version)
    ctx.session.flash('success', `Produit ${produit.reference} enregistré.`)
    return ctx.response.redirect().back()
  }

  async export({ auth, request, response }: HttpContext) {
    authorize(policy.viewAny(auth.getUserOrFail() as User))
    await limitAction(auth.getUserOrFail().id, 'export')
    sendCsv(response, exportProduits(parseProduitListParams(request.qs())))
  }

  /** JSON: 200 with the counts, or 422 with the refused lines (nothing imported). */
  async import(ctx: HttpContext) {
    authorize(policy.create(ctx.auth.getUserOrFail() as User))
    await limitAction(ctx.auth.getUserOrFail().id, 'import')
    const upload = await readCsvUpload(ctx.request, 'fichier', IMPORT_MAX_BYTES)
    const { status, body } =
      'error' in upload
        ? reject(upload.error)
        : await importCatalogueCsv(actorOf(ctx), upload.buffer)
    return ctx.response.status(status).json(body)
  }
}
