import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { parseId } from '#services/route_params'
import { facturesOuvertes } from '#services/paiements/paiement_list'
import { creditClient, parseMontant } from '#services/paiements/paiement_service'
import { importReleve } from '#services/paiements/releve_import'
import {
  findReleve,
  rapprocherLigne,
  recentReleves,
  releveLignes,
  setLigneIgnoree,
} from '#services/paiements/releve_pages'
import { rapprochementValidator, releveUploadValidator } from '#validators/paiements'
import { fieldError } from '#services/field_error'
import { limitAction } from '#services/throttle'
import { formatEuros } from '#shared/totals'

const policy = new FacturePolicy()

/**
 * esi/compta/paiements/import (issue 11 §3): upload a CAMT.053 or CODA statement, see what was
 * matched, match or ignore the rest by hand. The import page lists the latest statements; a
 * statement's page reloads `ouvertes`/`credit` for the client chosen in its matching dialog.
 */
export default class RelevesController {
  async index({ inertia, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    return inertia.render('esi/compta/paiements/Import', { releves: await recentReleves() })
  }

  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth } = ctx
    await limitAction(auth.getUserOrFail().id, 'import')
    const { fichier } = await request.validateUsing(releveUploadValidator)
    if (!fichier.tmpPath) fieldError('fichier', 'Le fichier n’a pas pu être lu.')
    const outcome = await importReleve(actorOf(ctx), {
      fileName: fichier.clientName,
      bytes: await readFile(fichier.tmpPath),
      userId: auth.getUserOrFail().id,
    })
    if (!outcome.releveId) {
      session.flash(
        'warning',
        `0 nouvelle ligne : ${outcome.dejaImportees === 1 ? 'la ligne de ce relevé était déjà importée' : `les ${outcome.dejaImportees} lignes de ce relevé étaient déjà importées`}.`
      )
      return response.redirect().toRoute('esi.paiements.import')
    }
    session.flash(
      'success',
      `Extrait importé : ${outcome.nouvelles} nouvelle${outcome.nouvelles > 1 ? 's' : ''} ligne${outcome.nouvelles > 1 ? 's' : ''}, ${outcome.rapprocheesAuto} rapprochée${outcome.rapprocheesAuto > 1 ? 's' : ''} automatiquement.`
    )
    return response.redirect().toRoute('esi.paiements.import.show', { id: outcome.releveId })
  }

  async show({ inertia, request, auth, params }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const releve = await findReleve(params.id)
    const clientId = parseId(request.qs().client)
    return inertia.render('esi/compta/paiements/ImportShow', {
      releve,
      lignes: await releveLignes(releve.id),
      ouvertes: clientId ? await facturesOuvertes(clientId) : [],
      credit: clientId ? await creditClient(clientId) : 0,
    })
  }

  async rapprocher(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const input = await request.validateUsing(rapprochementValidator)
    const { paiement, releveId } = await rapprocherLigne(actorOf(ctx), {
      ligneId: params.id,
      clientId: input.client_id,
      allocations: (input.allocations ?? [])
        .filter((a) => a.montant !== '')
        .map((a) => ({ factureId: a.facture_id, montant: parseMontant(a.montant) })),
      userId: auth.getUserOrFail().id,
    })
    session.flash(
      'success',
      `Ligne rapprochée : paiement de ${formatEuros(paiement.montant)} enregistré.`
    )
    return response.redirect().toRoute('esi.paiements.import.show', { id: releveId })
  }

  async ignorer(ctx: HttpContext) {
    return this.setIgnoree(ctx, true)
  }

  async retablir(ctx: HttpContext) {
    return this.setIgnoree(ctx, false)
  }

  private async setIgnoree(ctx: HttpContext, ignoree: boolean) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { response, session, auth, params } = ctx
    const { releveId } = await setLigneIgnoree(actorOf(ctx), {
      ligneId: params.id,
      ignoree,
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', ignoree ? 'Ligne ignorée.' : 'Ligne remise à rapprocher.')
    return response.redirect().toRoute('esi.paiements.import.show', { id: releveId })
  }
}
