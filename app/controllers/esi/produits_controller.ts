import type { HttpContext } from '@adonisjs/core/http'
import Produit from '#models/produit'
import { NotFoundException } from '#exceptions/http_exceptions'
import { filtersProp } from '#services/list/list_params'
import { categories, listProduits, parseProduitListParams } from '#services/produits/produit_list'
import { exportProduits } from '#services/produits/produit_export'
import {
  createProduit,
  fournisseurOptions,
  updateProduit,
} from '#services/produits/produit_service'
import { importUploadedCsv } from '#services/produits/produit_upload'
import { produitItem } from '#transformers/produit_transformer'
import { produitMessagesProvider, produitValidator, produitValues } from '#validators/produit'

async function findProduit(id: unknown): Promise<Produit> {
  const text = String(id ?? '')
  const produit = /^[1-9]\d{0,8}$/.test(text) ? await Produit.find(Number(text)) : null
  if (!produit) throw new NotFoundException()
  return produit
}

/** esi/produits: the catalogue (DESIGN.md §2), esi only (routes in start/routes/produits.ts). */
export default class ProduitsController {
  async index({ inertia, request }: HttpContext) {
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
    const data = await ctx.request.validateUsing(produitValidator, {
      messagesProvider: produitMessagesProvider(),
      meta: {},
    })
    const produit = await createProduit(ctx, produitValues(data))
    ctx.session.flash('success', `Produit ${produit.reference} ajouté au catalogue.`)
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const produit = await findProduit(ctx.params.id)
    const data = await ctx.request.validateUsing(produitValidator, {
      messagesProvider: produitMessagesProvider(),
      meta: { id: produit.id },
    })
    await updateProduit(ctx, produit, produitValues(data))
    ctx.session.flash('success', `Produit ${produit.reference} enregistré.`)
    return ctx.response.redirect().back()
  }

  async export({ request, response }: HttpContext) {
    exportProduits(response, parseProduitListParams(request.qs()))
  }

  /** JSON: 200 with the counts, or 422 with the refused lines (nothing imported). */
  async import(ctx: HttpContext) {
    const { status, body } = await importUploadedCsv(ctx)
    return ctx.response.status(status).json(body)
  }
}
