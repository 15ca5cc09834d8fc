import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import ClientPolicy from '#policies/client_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import Client from '#models/client'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { filtersProp } from '#services/list/list_params'
import { listClients, parseClientListParams } from '#services/clients/client_list'
import { exportClients } from '#services/clients/client_export'
import { sendCsv } from '#services/http/csv_response'
import {
  apporteurOptions,
  createClient,
  deleteClient,
  updateClient,
} from '#services/clients/client_service'
import { clientDetail, clientListItem } from '#transformers/client_transformer'
import { clientCommandes, clientCompte, clientDevis } from '#services/clients/client_documents'
import { clientMessagesProvider, clientValidator } from '#validators/client'
import { limitAction } from '#services/throttle'

async function findClient(id: unknown): Promise<Client> {
  const idClient = parseId(id, 'bigint')
  const client = idClient ? await Client.find(idClient) : null
  if (!client) throw new NotFoundException()
  return client
}

const policy = new ClientPolicy()

/** esi/customer: the clients (DESIGN.md §2), esi only (routes in start/routes/clients.ts). */
export default class ClientsController {
  async index({ auth, inertia, request }: HttpContext) {
    authorize(policy.viewAny(auth.getUserOrFail() as User))
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
    const user = auth.getUserOrFail() as User
    authorize(policy.view(user))
    const client = await findClient(params.id)
    await client.load('apporteur')
    return inertia.render('esi/customer/Show', {
      client: clientDetail(client, client.apporteur ?? null),
      devis: await clientDevis(client.idClient),
      commandes: await clientCommandes(client.idClient),
      compte: await clientCompte(client.idClient),
      apporteurs: await apporteurOptions(),
      canDelete: policy.delete(user) === 'allow',
    })
  }

  async store(ctx: HttpContext) {
    authorize(policy.create(ctx.auth.getUserOrFail() as User))
    const data = await ctx.request.validateUsing(clientValidator, {
      messagesProvider: clientMessagesProvider(),
    })
    const client = await createClient(actorOf(ctx), data)
    ctx.session.flash('success', `Client n° ${client.idClient} créé.`)
    return ctx.response.redirect().toRoute('esi.customers.show', { id: client.idClient })
  }

  async update(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.getUserOrFail() as User))
    const client = await findClient(ctx.params.id)
    const data = await ctx.request.validateUsing(clientValidator, {
      messagesProvider: clientMessagesProvider(),
    })
    await updateClient(actorOf(ctx), client, data)
    ctx.session.flash('success', 'Client enregistré.')
    return ctx.response.redirect().toRoute('esi.customers.show', { id: client.idClient })
  }

  /** Admin droit + recent step-up (admin area, start/routes/clients.ts). */
  async destroy(ctx: HttpContext) {
    authorize(policy.delete(ctx.auth.getUserOrFail() as User))
    const client = await findClient(ctx.params.id)
    await deleteClient(actorOf(ctx), client)
    ctx.session.flash('success', `Client n° ${client.idClient} supprimé.`)
    return ctx.response
      .redirect()
      .toRoute('esi.customers.index', {}, { qs: { sort: '-id_client' } })
  }

  /** The filtered list in its order, as CSV (same parameters as the page). */
  async export({ auth, request, response }: HttpContext) {
    authorize(policy.viewAny(auth.getUserOrFail() as User))
    await limitAction(auth.getUserOrFail().id, 'export')
    sendCsv(response, exportClients(parseClientListParams(request.qs())))
  }
}
