import type { HttpContext } from '@adonisjs/core/http'
import { customerDevisLink } from '#services/signature_en_ligne/devis_link'
import { urlFor } from '@adonisjs/core/services/url_builder'
import DevisPolicy from '#policies/devis_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import vine from '@vinejs/vine'
import Client from '#models/client'
import Devis from '#models/devis'
import DevisRevision from '#models/devis_revision'
import { AppException, ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { isApiRequest } from '#services/http/http_errors'
import { parseId } from '#services/route_params'
import { createClient } from '#services/clients/client_service'
import {
  createDevis,
  deleteDevis,
  duplicateDevis,
  updateDevis,
} from '#services/devis/devis_service'
import { defaultTexte, defaultValidity } from '#services/devis/devis_defaults'
import { today } from '#services/documents/numbering'
import {
  bdcOf,
  devisEditorData,
  editorOptions,
  devisCommerciaux,
  devisTextes,
  revisionItems,
  searchClients,
  searchProduits,
} from '#services/devis/devis_queries'
import { clientOption } from '#transformers/client_option'
import { changeStatutAndNotify, MAIL_FAILED_WARNING } from '#services/devis/devis_send'
import {
  devisCreateValidator,
  devisMessagesProvider,
  devisReferences,
  devisUpdateValidator,
  toDevisInput,
} from '#validators/devis'
import { fastDevisUpdate } from '#validators/devis_fast'
import { clientMessagesProvider, clientValidator } from '#validators/client'
import {
  DEVIS_ACOMPTE_PCT_DEFAULT,
  DEVIS_EDITABLE,
  DEVIS_REVISABLE,
  DEVIS_STATUTS,
  DEVIS_STATUT_LABELS,
  emptyLigne,
  type DevisStatut,
} from '#shared/devis'
import { centsToInput } from '#shared/totals'
import { DEVIS_TRANSITIONS } from '#shared/machines/devis'
import { trimDecimal } from '#models/ligne_base'
import type { DevisEditorDevis, DevisFormData } from '#shared/devis_editor'
import { canReach } from '#shared/roles'
import { limitAction } from '#services/throttle'

/** Flash key of the optimistic-lock message, shown as a sticky alert by the editor. */
export const CONFLICT_FLASH = 'devisConflict'

async function findDevis(id: unknown): Promise<Devis> {
  const devisId = parseId(id)
  const devis = devisId ? await Devis.find(devisId) : null
  if (!devis) throw new NotFoundException()
  return devis
}

const statutValidator = vine.create({
  to: vine.enum(DEVIS_STATUTS),
  lock_version: vine.number().withoutDecimals().min(0),
  motif: vine.string().trim().maxLength(500).nullable().optional(),
})

/**
 * Page visits (Inertia) get the French message of a refused action as a toast on the page they
 * came from, the typed data kept; JSON callers get the status and the message.
 */
async function backWithError(ctx: HttpContext, error: unknown, fallback: string) {
  if (!(error instanceof AppException) || isApiRequest(ctx) || error instanceof NotFoundException) {
    throw error
  }
  if (error instanceof ConflictException) ctx.session.flash(CONFLICT_FLASH, error.message)
  ctx.session.flash('error', error.message)
  return ctx.response.redirect().back(fallback)
}

const policy = new DevisPolicy()

/** esi/devis Create and Edit: the editor and its life cycle (start/routes/devis.ts). */
export default class DevisController {
  async create({ inertia, request, auth }: HttpContext) {
    authorize(policy.create(auth.user ?? null))
    const user = auth.getUserOrFail()
    const clientId = parseId(request.input('client'), 'bigint')
    const client = clientId ? await Client.find(clientId) : null
    const date = today()
    const [intro, conditions, options] = await Promise.all([
      defaultTexte('devis_intro', user.id),
      defaultTexte('devis_conditions', user.id),
      editorOptions(),
    ])
    const form: DevisFormData = {
      client_id: client?.idClient ?? null,
      commercial_id: user.role === 'esi' ? user.id : null,
      date_devis: date.toISODate()!,
      valable_jusqu_au: defaultValidity(date).toISODate()!,
      objet: '',
      adresse_chantier: client ? (clientOption(client).adresse_chantier ?? '') : '',
      remise_globale_pct: '0',
      acompte_pct: String(DEVIS_ACOMPTE_PCT_DEFAULT),
      intro: intro ?? '',
      conditions: conditions ?? '',
      lignes: [{ ...emptyLigne('produit'), key: 'n1' }],
    }
    return inertia.render('esi/devis/Create', {
      form,
      client: client ? clientOption(client) : null,
      ...options,
    })
  }

  async store(ctx: HttpContext) {
    authorize(policy.create(ctx.auth.user ?? null))
    const references = await devisReferences(null, ctx.request.body())
    const data = await ctx.request.validateUsing(devisCreateValidator, {
      messagesProvider: devisMessagesProvider(),
      meta: { references },
    })
    const input = await toDevisInput(data, references)
    const user = ctx.auth.getUserOrFail()
    const devis = await createDevis(actorOf(ctx), input, { userId: user.id })
    if (isApiRequest(ctx)) {
      return ctx.response.status(201).send({ id: devis.id, lock_version: devis.lockVersion })
    }
    ctx.session.flash('success', 'Devis créé (brouillon).')
    return ctx.response.redirect().toRoute('esi.devis.edit', { id: devis.id })
  }

  async edit({ inertia, params, session, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const devis = await findDevis(params.id)
    const user = auth.getUserOrFail()
    const [data, revisions] = await Promise.all([devisEditorData(devis), revisionItems(devis.id)])
    return inertia.render('esi/devis/Edit', {
      devis: data,
      readOnly: !DEVIS_EDITABLE.includes(devis.statut) && !DEVIS_REVISABLE.includes(devis.statut),
      revisable: DEVIS_REVISABLE.includes(devis.statut),
      viewingRevision: null,
      transitions: DEVIS_TRANSITIONS[devis.statut],
      revisions,
      conflict: (session.flashMessages.get(CONFLICT_FLASH) as string | undefined) ?? null,
      canDelete:
        devis.statut === 'brouillon' &&
        !devis.numero &&
        canReach({ role: user.role, acces_role: user.accesRole, droit: user.droit }, 'admin'),
      // Issue 14 §1: while the customer can still answer online
      lienClient: devis.statut === 'envoye' ? customerDevisLink(devis) : null,
      // Closures: the reload after a save (DEVIS_AFTER_SAVE_PROPS) leaves them out unread; an
      // editable devis has no bdc, so a save cannot change it
      bdc: () => bdcOf(devis.id),
      commerciaux: () => devisCommerciaux(),
      textes: () => devisTextes(),
    })
  }

  async update(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    // The devis (404 first) and the ids the body names, in one statement (decision 671)
    const devisId = parseId(ctx.params.id)
    const references = devisId ? await devisReferences(devisId, ctx.request.body()) : null
    if (!devisId || !references?.devis) throw new NotFoundException()
    // A valid, plainly typed body in one pass; anything else through VineJS (decision 801)
    const data =
      fastDevisUpdate(ctx.request.all(), references) ??
      (await ctx.request.validateUsing(devisUpdateValidator, {
        messagesProvider: devisMessagesProvider(),
        meta: { references },
      }))
    const input = await toDevisInput(data, references)
    const user = ctx.auth.getUserOrFail()
    let result
    try {
      result = await updateDevis(
        actorOf(ctx),
        devisId,
        data.lock_version,
        input,
        user.id,
        references
      )
    } catch (error) {
      return backWithError(ctx, error, urlFor('esi.devis.edit', { id: devisId }))
    }
    if (isApiRequest(ctx)) {
      return ctx.response.send({
        id: result.devis.id,
        lock_version: result.devis.lockVersion,
        revision: result.devis.revision,
        total_ttc: result.devis.totalTtc,
      })
    }
    ctx.session.flash(
      'success',
      result.revised
        ? `Nouvelle version enregistrée (rév. ${result.devis.revision}) : le devis repasse en brouillon.`
        : 'Devis enregistré.'
    )
    return ctx.response.redirect().toRoute('esi.devis.edit', { id: devisId })
  }

  /** The "Modification de statut" dialog (envoyé also mails the PDF to the client). */
  async statut(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const devis = await findDevis(ctx.params.id)
    const data = await ctx.request.validateUsing(statutValidator, {
      messagesProvider: devisMessagesProvider(),
    })
    const user = ctx.auth.getUserOrFail()
    if (data.to === 'envoye') await limitAction(user.id, 'mail', `devis:${devis.id}`)
    let outcome
    try {
      outcome = await changeStatutAndNotify(
        actorOf(ctx),
        { devisId: devis.id, to: data.to, lockVersion: data.lock_version, motif: data.motif },
        user
      )
    } catch (error) {
      return backWithError(ctx, error, urlFor('esi.devis.edit', { id: devis.id }))
    }
    const label = DEVIS_STATUT_LABELS[data.to as DevisStatut]
    if (isApiRequest(ctx)) {
      return ctx.response.send({
        statut: outcome.devis.statut,
        numero: outcome.devis.numero,
        lock_version: outcome.devis.lockVersion,
        bdc: outcome.bdc ? { id: outcome.bdc.id, numero: outcome.bdc.numero } : null,
        mail_sent: outcome.mailSent,
      })
    }
    if (outcome.mailSent === false) ctx.session.flash('warning', MAIL_FAILED_WARNING)
    ctx.session.flash(
      'success',
      data.to === 'envoye'
        ? `Devis ${outcome.devis.numero} envoyé${outcome.mailSent ? ' au client par e-mail' : ''}.`
        : outcome.bdc
          ? `Devis accepté : bon de commande ${outcome.bdc.numero} créé.`
          : `Statut du devis : ${label}.`
    )
    return ctx.response.redirect().toRoute('esi.devis.edit', { id: devis.id })
  }

  async duplicate(ctx: HttpContext) {
    authorize(policy.create(ctx.auth.user ?? null))
    const devis = await findDevis(ctx.params.id)
    const copy = await duplicateDevis(actorOf(ctx), devis.id, ctx.auth.getUserOrFail().id)
    ctx.session.flash(
      'success',
      `Copie créée (brouillon)${devis.numero ? ` à partir du devis ${devis.numero}` : ''}.`
    )
    return ctx.response.redirect().toRoute('esi.devis.edit', { id: copy.id })
  }

  /** An older version, read-only, from its snapshot (same page as Edit). */
  async revision({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const devis = await findDevis(params.id)
    const number = parseId(params.revision)
    const row = number
      ? await DevisRevision.query().where('devis_id', devis.id).where('revision', number).first()
      : null
    if (!row) throw new NotFoundException()
    const snap = row.snapshot
    const current = await devisEditorData(devis)
    const h = snap.header
    const shown: DevisEditorDevis = {
      ...current,
      numero: h.numero,
      revision: h.revision,
      statut: h.statut as DevisStatut,
      client: { ...current.client, nom: h.client_nom },
      form: {
        client_id: h.client_id,
        commercial_id: h.commercial_id,
        date_devis: h.date_devis,
        valable_jusqu_au: h.valable_jusqu_au,
        objet: h.objet,
        adresse_chantier: h.adresse_chantier ?? '',
        remise_globale_pct: trimDecimal(h.remise_globale_pct).replace('.', ','),
        acompte_pct: trimDecimal(h.acompte_pct).replace('.', ','),
        intro: h.intro ?? '',
        conditions: h.conditions ?? '',
        lignes: snap.lignes.map((l, i) => ({
          key: `r${i}`,
          type: l.type,
          produit_id: l.produit_id,
          designation: l.designation,
          quantite: l.quantite === null ? '' : trimDecimal(l.quantite).replace('.', ','),
          unite: l.unite,
          prix_unitaire_ht: centsToInput(l.prix_unitaire_ht),
          remise_pct: trimDecimal(l.remise_pct ?? '0').replace('.', ','),
          taux_tva: l.taux_tva,
          optionnel: l.optionnel,
          retenue: l.retenue,
        })),
      },
      total_ht: snap.totals.total_ht,
      total_tva: snap.totals.total_tva,
      total_ttc: snap.totals.total_ttc,
      acompte: snap.totals.acompte,
      envoye_le: h.envoye_le,
    }
    return inertia.render('esi/devis/Edit', {
      devis: shown,
      readOnly: true,
      revisable: false,
      viewingRevision: h.revision,
      transitions: [],
      revisions: await revisionItems(devis.id),
      bdc: null,
      conflict: null,
      canDelete: false,
      lienClient: null,
      ...(await editorOptions()),
    })
  }

  /** Client picker: JSON, 10 results. */
  async clients({ request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    return response.send({ clients: await searchClients(request.input('q')) })
  }

  /** "Nouveau client" modal: JSON {client} or 422 with French messages by field. */
  async storeClient(ctx: HttpContext) {
    authorize(policy.create(ctx.auth.user ?? null))
    const [error, data] = await clientValidator.tryValidate(ctx.request.all(), {
      messagesProvider: clientMessagesProvider(),
    })
    if (error) {
      const errors: Record<string, string> = {}
      for (const m of (error as { messages: { field: string; message: string }[] }).messages) {
        errors[m.field] ??= m.message
      }
      return ctx.response
        .status(422)
        .send({ message: 'Certains champs sont invalides : corrigez-les.', errors })
    }
    const client = await createClient(actorOf(ctx), data)
    return ctx.response.status(201).send({ client: clientOption(client) })
  }

  /** Catalogue autocomplete: active products, JSON. */
  async produits({ request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    return response.send({ produits: await searchProduits(request.input('q')) })
  }

  /** Admin area: a draft never sent (no number). */
  async destroy(ctx: HttpContext) {
    authorize(policy.delete(ctx.auth.user ?? null))
    const devis = await findDevis(ctx.params.id)
    try {
      await deleteDevis(actorOf(ctx), devis.id, ctx.auth.getUserOrFail().id)
    } catch (error) {
      return backWithError(ctx, error, urlFor('esi.devis.edit', { id: devis.id }))
    }
    ctx.session.flash('success', 'Brouillon de devis supprimé.')
    return ctx.response.redirect().toRoute('esi.devis.index')
  }
}
