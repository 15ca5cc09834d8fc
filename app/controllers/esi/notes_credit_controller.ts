import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import { findFacture } from '#services/factures/facture_service'
import {
  NOTE_CREDIT_SORT_COLUMNS,
  noteCreditDetail,
  noteCreditForm,
  noteCreditListItem,
  noteCreditListQuery,
  parseNoteCreditListParams,
} from '#services/notes_credit/note_credit_list'
import {
  createNoteCredit,
  deleteNoteCreditBrouillon,
  findNoteCredit,
  issueNoteCredit,
} from '#services/notes_credit/note_credit_service'
import { noteCreditValidator, noteCreditVersionValidator } from '#validators/paiements'
import { AppException } from '#exceptions/http_exceptions'
import { parseScaled } from '#shared/totals'
import { noteCreditPdf, pdfHeaders } from '#services/pdf/index'
import { limitAction } from '#services/throttle'
import { pdfFormat } from '#services/factures/facture_facturx'
import { noteCreditUbl, noteUblEligible } from '#services/notes_credit/note_credit_ubl'
import { ublHeaders } from '#services/factures/facture_ubl'
import {
  noteCreditClientPdf,
  noteCreditFacturxPdf,
  noteFacturxByDefault,
} from '#services/notes_credit/note_credit_facturx'

const policy = new FacturePolicy()

/**
 * esi/compta/nc Index and Show, and « Créer une note de crédit » from an issued facture
 * (issue 11 §2). Staff only, like the factures (FacturePolicy).
 */
export default class NotesCreditController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parseNoteCreditListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => noteCreditListQuery(params),
      count: () => noteCreditListQuery(params),
      columns: NOTE_CREDIT_SORT_COLUMNS,
      table: 'notes_credit',
      map: noteCreditListItem,
    })
    return inertia.render('esi/compta/nc/Index', {
      notes: list,
      filters: filtersProp(params),
      warnings,
    })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const nc = await findNoteCredit(params.id)
    return inertia.render('esi/compta/nc/Show', {
      note: await noteCreditDetail(nc),
      // A French client's PDF is a Factur-X (decision 266)
      facturx: noteFacturxByDefault(nc),
      // A Belgian professional client's Peppol CreditNote (decision 267)
      ubl: noteUblEligible(nc),
    })
  }

  /** « UBL »: the checked Peppol CreditNote of an issued note to a professional client. */
  async ubl({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const nc = await findNoteCredit(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await noteCreditUbl(nc.id)
    for (const [name, value] of Object.entries(ublHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  /**
   * Its PDF (app/services/pdf/note_credit_loader.ts), never cached, counted like every PDF: a
   * Factur-X for a French client (decision 266), `?format=facturx` / `?format=pdf` on request.
   */
  async pdf({ params, request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const nc = await findNoteCredit(params.id)
    const format = pdfFormat(request.qs().format)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } =
      format === 'facturx'
        ? await noteCreditFacturxPdf(nc.id)
        : format === 'pdf'
          ? await noteCreditPdf(nc.id)
          : await noteCreditClientPdf(nc.id)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  async create({ inertia, params, auth }: HttpContext) {
    authorize(policy.update(auth.user ?? null))
    const facture = await findFacture(params.id)
    if (!facture.numero) {
      throw new AppException('Un brouillon de facture ne se crédite pas : supprimez-le.', {
        status: 422,
      })
    }
    return inertia.render('esi/compta/nc/Create', { facture: await noteCreditForm(facture) })
  }

  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const facture = await findFacture(params.id)
    const input = await request.validateUsing(noteCreditValidator)
    const cents = (text: string) => {
      const v = parseScaled(text, 2)
      if (v === null || v < 0n) throw new AppException('Montant invalide.', { status: 422 })
      return Number(v)
    }
    const nc = await createNoteCredit(actorOf(ctx), {
      factureId: facture.id,
      kind: input.kind,
      motif: input.motif,
      lignes: input.lignes,
      montants: input.montants?.map((m) => ({
        taux_tva: m.taux_tva,
        montant_ht: cents(m.montant),
      })),
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', 'Brouillon de la note de crédit créé : vérifiez-le puis émettez-le.')
    // The path (not the route name): this route's generated type is made by the dev server
    return response.redirect().toPath(`/esi/compta/nc/${nc.id}`)
  }

  async emettre(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const nc = await findNoteCredit(params.id)
    const input = await request.validateUsing(noteCreditVersionValidator)
    const done = await issueNoteCredit(actorOf(ctx), {
      noteCreditId: nc.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', `Note de crédit ${done.numero} émise.`)
    // The path (not the route name): this route's generated type is made by the dev server
    return response.redirect().toPath(`/esi/compta/nc/${nc.id}`)
  }

  async destroy(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const nc = await findNoteCredit(params.id)
    const input = await request.validateUsing(noteCreditVersionValidator)
    await deleteNoteCreditBrouillon(actorOf(ctx), {
      noteCreditId: nc.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', 'Brouillon de note de crédit supprimé.')
    return response.redirect().toRoute('esi.factures.show', { id: nc.factureId })
  }
}
