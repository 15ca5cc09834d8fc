import type { HttpContext } from '@adonisjs/core/http'
import MesurePolicy from '#policies/mesure_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { limitAction } from '#services/throttle'
import {
  MESURAGE_SORT_COLUMNS,
  mesurageListItem,
  mesurageListQuery,
  parseMesurageListParams,
  staffOptions,
} from '#services/commandes/mesurage_list'
import { findCommandeForMesure } from '#services/commandes/mesure_feuille'
import { rouvrirMesure } from '#services/commandes/mesure_service'
import { syncMesure } from '#services/commandes/mesure_sync'
import { validerEtArchiverMesure } from '#services/commandes/mesure_document'
import { mesureSheetProps } from '#services/commandes/mesure_page'
import { mesurePdf } from '#services/pdf/mesure_loader'
import {
  mesureRouvrirValidator,
  mesureSyncValidator,
  mesureVersionValidator,
} from '#validators/mesure'

const policy = new MesurePolicy()

function commandeId(raw: unknown): number {
  const id = parseId(raw)
  if (!id) throw new NotFoundException()
  return id
}

/**
 * esi/mesurage Index and Show (issue 12 §2): what waits to be measured, and the measurement
 * sheet on a phone — synced as JSON from its offline queue, validated, reopened, printed.
 */
export default class MesurageController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parseMesurageListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => mesurageListQuery(params),
      columns: MESURAGE_SORT_COLUMNS,
      table: 'commandes',
      map: mesurageListItem(new Date()),
      scoped: true,
    })
    return inertia.render('esi/mesurage/Index', {
      commandes: list,
      filters: filtersProp(params),
      warnings,
      staff: await staffOptions(),
    })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommandeForMesure(commandeId(params.id))
    return inertia.render('esi/mesurage/Show', await mesureSheetProps(commande))
  }

  /** POST JSON from the phone's queue: rows upserted by uuid, deletions by uuid (idempotent). */
  async sync(ctx: HttpContext) {
    const { request, params, auth, response } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommandeForMesure(commandeId(params.id))
    const input = await request.validateUsing(mesureSyncValidator)
    const result = await syncMesure(actorOf(ctx), commande.id, input)
    return response.json(result)
  }

  async valider(ctx: HttpContext) {
    const { request, params, auth, response } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommandeForMesure(commandeId(params.id))
    const { lock_version: lockVersion } = await request.validateUsing(mesureVersionValidator)
    const result = await validerEtArchiverMesure(actorOf(ctx), commande.id, lockVersion)
    return response.json(result)
  }

  async rouvrir(ctx: HttpContext) {
    const { request, params, auth, response } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommandeForMesure(commandeId(params.id))
    const { lock_version: lockVersion, motif } = await request.validateUsing(mesureRouvrirValidator)
    await rouvrirMesure(actorOf(ctx), commande.id, lockVersion, motif)
    return response.json({ ok: true })
  }

  async pdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommandeForMesure(commandeId(params.id))
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await mesurePdf(commande.id)
    response.header('Content-Type', 'application/pdf')
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Cache-Control', 'private, no-store')
    response.header(
      'Content-Disposition',
      `inline; filename="${filename.replace(/["\\\r\n]/g, '')}"`
    )
    return response.send(content)
  }
}
