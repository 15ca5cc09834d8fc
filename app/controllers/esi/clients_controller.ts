import type { HttpContext } from '@adonisjs/core/http'
import Client from '#models/client'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { filtersProp } from '#services/list/list_params'
import { listClients, parseClientListParams } from '#services/clients/client_list'
import { exportClients } from '#services/clients/client_export'
import {
  apporteurOptions,
  createClient,
  deleteClient,
  updateClient,
} from '#services/clients/client_service'
import { clientDetail, clientListItem } from '#transformers/client_transformer'
import { clientCommandes, clientDevis } from '#services/clients/client_documents'
import { clientMessagesProvider, clientValidator } from '#validators/client'
import { canReach } from '#shared/roles'

async function findClient(id: unknown): Promise<Client> {
  const idClient = parseId(id, 'bigint')
  const client = idClient ? await Client.find(idClient) : null
  if (!client) throw new NotFoundException()
  return client
}

/** esi/customer: the clients (DESIGN.md §2), esi only (routes in start/routes/clients.ts). */
export default class ClientsController {
  async index({ inertia, request }: HttpContext) {
    const params = parseClientListParams(request.qs())
    const { list, warnings } = await listClients(params, clientListItem)
    return inertia.render('esi/customer/Index', {
      clients: list,
      filters: filtersProp(params),
      warnings,
      // A closure: left out of the partial reloads of sorting, searching and paging
      apporteurs: () => apporteurOptions(),
    })
  }

  async show({ inertia, params, auth }: HttpContext) {
    const client = await findClient(params.id)
    await client.load('apporteur')
    const user = auth.getUserOrFail()
    return inertia.render('esi/customer/Show', {
      client: clientDetail(client, client.apporteur ?? null),
      devis: await clientDevis(client.idClient),
      commandes: await clientCommandes(client.idClient),
      apporteurs: await apporteurOptions(),
      canDelete: canReach(
        { role: user.role, acces_role: user.accesRole, droit: user.droit },
        'admin'
      ),
    })
  }

  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(clientValidator, {
      messagesProvider: clientMessagesProvider(),
    })
    const client = await createClient(ctx, data)
    ctx.session.flash('success', `Client n° ${client.idClient} créé.`)
    return ctx.response.redirect().toPath(`/esi/customers/${client.idClient}`)
  }

  async update(ctx: HttpContext) {
    const client = await findClient(ctx.params.id)
    const data = await ctx.request.validateUsing(clientValidator, {
      messagesProvider: clientMessagesProvider(),
    })
    await updateClient(ctx, client, data)
    ctx.session.flash('success', 'Client enregistré.')
    return ctx.response.redirect().toPath(`/esi/customers/${client.idClient}`)
  }

  /** Admin droit + recent step-up (admin area, start/routes/clients.ts). */
  async destroy(ctx: HttpContext) {
    const client = await findClient(ctx.params.id)
    await deleteClient(ctx, client)
    ctx.session.flash('success', `Client n° ${client.idClient} supprimé.`)
    return ctx.response.redirect().toPath('/esi/customers?sort=-id_client')
  }

  /** The filtered list in its order, as CSV (same parameters as the page). */
  async export({ request, response }: HttpContext) {
    exportClients(response, parseClientListParams(request.qs()))
  }
}
