import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { limitAction } from '#services/throttle'
import { pdfHeaders } from '#services/pdf/index'
import { relanceLetterPdf } from '#services/pdf/relance_letter'
import { findFacture } from '#services/factures/facture_service'
import { findRelance, sendRelance, sendRelanceBatch } from '#services/relances/relance_service'
import { relancePropositions } from '#services/relances/relance_propositions'
import { relanceBatchValidator, relanceValidator } from '#validators/relances'
import { todayIso } from '#shared/dates'
import { RELANCE_NIVEAU_LABELS } from '#shared/relances'

const policy = new FacturePolicy()

/**
 * Relances of unpaid factures (issue 11 §4, decisions 245–254): the morning proposals and their
 * batch, « Relancer (niveau N) » on a facture, the letter PDF. esi only (start/routes/relances.ts).
 */
export default class RelancesController {
  async index({ inertia, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const today = todayIso()
    return inertia.render('esi/compta/relances/Index', {
      propositions: await relancePropositions(today),
      today,
    })
  }

  /** The ticked proposals, each sent once; the summary says what left and what failed. */
  async batch(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth } = ctx
    const user = auth.getUserOrFail()
    const { relances } = await request.validateUsing(relanceBatchValidator)
    const result = await sendRelanceBatch(actorOf(ctx), user, relances, (factureId) =>
      limitAction(user.id, 'mail', `facture:${factureId}`)
    )
    const n = result.envoyees.length
    const courrier = result.envoyees.filter((e) => e.canal === 'courrier').length
    const parts = [
      `${n} relance${n > 1 ? 's' : ''} faite${n > 1 ? 's' : ''}` +
        (courrier ? ` (dont ${courrier} par courrier : lettre à imprimer)` : ''),
    ]
    if (result.echecs.length) {
      parts.push(
        `${result.echecs.length} échec${result.echecs.length > 1 ? 's' : ''} : ` +
          result.echecs.map((e) => `${e.numero ?? `#${e.facture_id}`} — ${e.message}`).join(' ; ')
      )
    }
    session.flash(result.echecs.length ? 'warning' : 'success', `${parts.join('. ')}.`)
    return response.redirect().toRoute('esi.compta.relances')
  }

  /** « Relancer (niveau N) » on the facture page, by e-mail or as a letter to print. */
  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, request, response, session, auth } = ctx
    const facture = await findFacture(params.id)
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(relanceValidator)
    if (input.canal === 'email') await limitAction(user.id, 'mail', `facture:${facture.id}`)
    const { relance, delivery } = await sendRelance(actorOf(ctx), {
      factureId: facture.id,
      niveau: input.niveau as 1 | 2 | 3,
      canal: input.canal,
      user,
    })
    const label = RELANCE_NIVEAU_LABELS[relance.niveau].toLowerCase()
    if (input.canal === 'courrier') {
      session.flash('success', `Relance (${label}) enregistrée : imprimez la lettre et postez-la.`)
    } else if (delivery?.sent) {
      session.flash('success', `Relance (${label}) envoyée à ${relance.destinataire}.`)
    } else {
      session.flash(
        'warning',
        `Relance (${label}) enregistrée, mais l’e-mail n’a pas pu partir : imprimez la lettre et postez-la.`
      )
    }
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }

  /** The letter of a recorded relance, as an A4 PDF. */
  async pdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const relance = await findRelance(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await relanceLetterPdf(relance)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }
}
