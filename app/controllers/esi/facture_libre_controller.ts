import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import Client from '#models/client'
import { parseId } from '#services/route_params'
import { isApiRequest } from '#services/http/http_errors'
import { createFactureLibre, findFacture } from '#services/factures/facture_service'
import { updateFactureLibre } from '#services/factures/facture_libre'
import { clientOption } from '#transformers/client_option'
import { trimDecimal } from '#models/ligne_base'
import {
  factureLibreCreateValidator,
  factureLibreMessagesProvider,
  factureLibreUpdateValidator,
  toFactureLibreInput,
} from '#validators/facture_libre'
import type { FactureLibreForm } from '#shared/factures'
import { emptyLigne } from '#shared/devis'

const policy = new FacturePolicy()

/**
 * « Nouvelle facture » (issue 11 §1, decision 232): a free facture for a client without
 * commande (repairs, SAV), edited with the devis' editor shell while a draft, then issued from
 * its page. JSON for the editor (201 / 200 / 409 / 422), redirects for plain forms.
 */
export default class FactureLibreController {
  async create({ inertia, request, auth }: HttpContext) {
    authorize(policy.update(auth.user ?? null))
    const clientId = parseId(request.input('client'), 'bigint')
    const client = clientId ? await Client.find(clientId) : null
    const form: FactureLibreForm = {
      client_id: client?.idClient ?? null,
      objet: '',
      remise_globale_pct: '0',
      // One empty produit line to type in, like a new devis
      lignes: [{ ...emptyLigne('produit'), key: 'n1' }],
      intro: '',
      conditions: '',
    }
    return inertia.render('esi/compta/facture/Edit', {
      facture: null,
      form,
      client: client ? clientOption(client) : null,
    })
  }

  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const data = await ctx.request.validateUsing(factureLibreCreateValidator, {
      messagesProvider: factureLibreMessagesProvider(),
    })
    const input = await toFactureLibreInput(data)
    const facture = await createFactureLibre(actorOf(ctx), {
      clientId: data.client_id,
      objet: input.objet,
      lignes: input.lignes,
      remiseGlobalePct: input.remise_globale_pct,
      userId: ctx.auth.getUserOrFail().id,
    })
    if (isApiRequest(ctx)) {
      // The version is the database's default: not on the created model until read back
      await facture.refresh()
      return ctx.response.status(201).send({ id: facture.id, lock_version: facture.lockVersion })
    }
    ctx.session.flash('success', 'Brouillon de facture créé.')
    return ctx.response.redirect().toRoute('esi.factures.edit', { id: facture.id })
  }

  async edit({ inertia, params, auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const facture = await findFacture(params.id)
    // Only a free draft is edited here; anything else is shown on its page
    if (facture.numero || facture.type !== 'libre') {
      return response.redirect().toRoute('esi.factures.show', { id: facture.id })
    }
    await facture.load('lignes', (q) => q.orderBy('position', 'asc'))
    const client = await Client.findOrFail(facture.clientId)
    const form: FactureLibreForm = {
      client_id: facture.clientId,
      objet: facture.objet,
      remise_globale_pct: trimDecimal(String(facture.remiseGlobalePct ?? '0')),
      lignes: facture.lignes.map((l) => l.toForm()),
      intro: '',
      conditions: '',
    }
    return inertia.render('esi/compta/facture/Edit', {
      facture: { id: facture.id, lock_version: facture.lockVersion, client_nom: facture.clientNom },
      form,
      client: clientOption(client),
    })
  }

  async update(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const facture = await findFacture(ctx.params.id)
    const data = await ctx.request.validateUsing(factureLibreUpdateValidator, {
      messagesProvider: factureLibreMessagesProvider(),
    })
    const input = await toFactureLibreInput(data)
    const saved = await updateFactureLibre(actorOf(ctx), {
      factureId: facture.id,
      lockVersion: data.lock_version,
      objet: input.objet,
      remiseGlobalePct: input.remise_globale_pct,
      lignes: input.lignes,
      userId: ctx.auth.getUserOrFail().id,
    })
    if (isApiRequest(ctx)) {
      return ctx.response.send({
        id: saved.id,
        lock_version: saved.lockVersion,
        total_ttc: saved.totalTtc,
        message: 'Brouillon de facture enregistré.',
      })
    }
    ctx.session.flash('success', 'Brouillon de facture enregistré.')
    return ctx.response.redirect().toRoute('esi.factures.edit', { id: facture.id })
  }
}
