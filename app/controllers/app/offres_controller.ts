import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/actor'
import Contact from '#models/contact'
import OffreLigne from '#models/offre_ligne'
import Societe from '#models/societe'
import User from '#models/user'
import type Offre from '#models/offre'
import OffrePolicy from '#policies/offre_policy'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { isApiRequest } from '#services/http/http_errors'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import { parseId } from '#services/route_params'
import {
  contactsOf,
  offreListSocietes,
  findOffreFor,
  isMember,
  OFFRE_SORT_COLUMNS,
  parseOffreListParams,
  offresListQuery,
  partnerSocietes,
  seesTransmitted,
} from '#services/offres/offre_queries'
import { createOffre, defaultValidity, updateOffre } from '#services/offres/offre_service'
import { envoyerOffre, transmettreOffre } from '#services/offres/offre_envoi'
import { today } from '#services/documents/numbering'
import { searchProduitsForPartner } from '#services/offres/produit_search'
import { offreDocument, offrePdf, offreRevisionPdf, pdfHeaders } from '#services/pdf/index'
import { offreRevisions } from '#services/offres/offre_queries'
import { offreDetail, offreRow } from '#transformers/offre_transformer'
import { createOffreValidator, offreActionValidator, updateOffreValidator } from '#validators/offre'
import { OFFRE_STATUT_LABELS } from '#shared/devis'
import { offreMachine } from '#shared/machines/offre'
import { isOffreEditable, type OffreAbilities } from '#shared/offres'
import { limitAction } from '#services/throttle'

const policy = new OffrePolicy()

/** What the user may do with this offre (the same rules the services apply). */
function abilitiesOf(user: User, offre: Offre, member: boolean): OffreAbilities {
  const writer = policy.update(user, offre, member) === 'allow'
  return {
    edit: writer && isOffreEditable(offre.statut),
    envoyer: writer && offreMachine.can('envoyer', { statut: offre.statut }),
    transmettre: writer && offreMachine.can('transmettre', { statut: offre.statut }),
    to_devis:
      policy.toDevis(user, offre, member) === 'allow' &&
      offreMachine.can('accepter', { statut: offre.statut, devisId: offre.devisId }),
  }
}

/**
 * A statut change refused (wrong statut, version conflict, no e-mail…) on a page visit: the
 * French message as a toast on the page the user came from. XHR calls get the JSON error.
 */
async function orFlash(ctx: HttpContext, back: string, action: () => Promise<unknown>) {
  try {
    return await action()
  } catch (error) {
    const known = error instanceof AppException && [409, 422].includes(error.status)
    if (!known || isApiRequest(ctx)) throw error
    ctx.session.flash('error', error.message)
    return ctx.response.redirect().toPath(back)
  }
}

/**
 * Offres of the pro portal (issue 5, DESIGN.md §4): the members of a pro société write theirs,
 * send them to their contacts and transmit them to esi; staff see the transmitted ones,
 * read-only (the conversion into a devis is esi/offre_devis_controller.ts).
 */
export default class OffresController {
  async index({ auth, request, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const params = parseOffreListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => offresListQuery(user, params),
      columns: OFFRE_SORT_COLUMNS,
      table: 'offres',
      scoped: true,
      map: offreRow,
    })
    const { societes, canCreate } = await offreListSocietes(user)
    return inertia.render('offres/Index', {
      offres: list,
      filters: filtersProp(params),
      warnings,
      societes,
      seesTransmitted: seesTransmitted(user),
      canCreate,
    })
  }

  async create({ auth, request, inertia, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const societes = await partnerSocietes(user)
    if (societes.length === 0) {
      session.flash(
        'error',
        'Vous n’êtes rattaché à aucune société partenaire : les offres sont rédigées par les membres d’une société partenaire.'
      )
      return response.redirect().toRoute('partner.offres.index')
    }
    const contacts = await contactsOf(societes.map((s) => s.id))
    // « Nouvelle offre » from a contact's page: that contact is chosen already
    const wanted = parseId(request.qs().contact_id)
    const contact = contacts.find((c) => c.id === wanted) ?? null
    const date = today()
    return inertia.render('offres/Create', {
      societes,
      contacts,
      defaults: {
        societe_id: contact?.societe_id ?? societes[0].id,
        contact_id: contact?.id ?? null,
        date_offre: date.toISODate()!,
        valable_jusqu_au: defaultValidity(date).toISODate()!,
        adresse_chantier: contact?.adresse ?? '',
      },
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(createOffreValidator)
    const offre = await createOffre(actorOf(ctx), user, input)
    const url = urlFor('partner.offres.edit', { id: offre.id })
    session.flash('success', 'L’offre est enregistrée (brouillon).')
    if (isApiRequest(ctx)) return response.created({ id: offre.id, url })
    return response.redirect().toPath(url)
  }

  async edit({ auth, params, inertia, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { offre, member } = await findOffreFor(user, params.id, 'view')
    const abilities = abilitiesOf(user, offre, member)
    // Read-only for this user (staff, or a transmitted offre): the document itself
    if (!abilities.edit)
      return response.redirect().toRoute('partner.offres.preview', { id: offre.id })
    const lignes = await OffreLigne.query().where('offre_id', offre.id).orderBy('position')
    const societe = await Societe.findOrFail(offre.societeId)
    const contact = await Contact.findOrFail(offre.contactId)
    const auteur = offre.auteurId ? await User.find(offre.auteurId) : null
    return inertia.render('offres/Edit', {
      offre: offreDetail(offre, lignes, societe, contact, auteur?.name ?? null),
      contacts: await contactsOf([offre.societeId]),
      abilities,
    })
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    // A foreign offre is a 404 before anything is read from the body
    await findOffreFor(user, params.id, 'view')
    const input = await request.validateUsing(updateOffreValidator)
    const { offre, revised } = await updateOffre(actorOf(ctx), user, params.id, input)
    const message = revised
      ? `L’offre est enregistrée en version ${offre.revision} (brouillon) ; la version envoyée reste consultable.`
      : 'L’offre est enregistrée.'
    if (isApiRequest(ctx)) {
      return response.ok({
        id: offre.id,
        lock_version: offre.lockVersion,
        statut: offre.statut,
        numero: offre.numero,
        revision: offre.revision,
        total_ht: offre.totalHt,
        total_tva: offre.totalTva,
        total_ttc: offre.totalTtc,
        message,
      })
    }
    session.flash('success', message)
    return response.redirect().toRoute('partner.offres.edit', { id: offre.id })
  }

  async preview({ auth, params, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const { offre, member } = await findOffreFor(user, params.id, 'view')
    const contact = await Contact.findOrFail(offre.contactId)
    return inertia.render('offres/Preview', {
      offre: {
        id: offre.id,
        numero: offre.numero,
        statut: offre.statut,
        statut_label: OFFRE_STATUT_LABELS[offre.statut],
        lock_version: offre.lockVersion,
        objet: offre.objet,
        societe: String(offre.$extras.societe_nom ?? ''),
        contact: contact.fullName,
        contact_email: contact.email,
        envoyee_le: offre.envoyeeLe?.toISO() ?? null,
        transmise_le: offre.transmiseLe?.toISO() ?? null,
        devis_id: offre.devisId,
      },
      document: await offreDocument(offre.id, { forBrowser: true }),
      abilities: abilitiesOf(user, offre, member),
      staff: seesTransmitted(user),
      revisions: await offreRevisions(offre.id),
    })
  }

  async pdf({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { offre } = await findOffreFor(user, params.id, 'view')
    await limitAction(user.id, 'pdf')
    const { filename, content } = await offrePdf(offre.id)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  /** An earlier, sent version of the offre (offre_revisions), as its contact received it. */
  async revisionPdf({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { offre } = await findOffreFor(user, params.id, 'view')
    await limitAction(user.id, 'pdf')
    const { filename, content } = await offreRevisionPdf(offre.id, params.revision)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  async envoyer(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const back = urlFor('partner.offres.preview', { id: parseId(params.id) ?? 0 })
    const { offre: found } = await findOffreFor(user, params.id, 'view')
    await limitAction(user.id, 'mail', `offre:${found.id}`)
    const { lock_version: lockVersion } = await request.validateUsing(offreActionValidator)
    return orFlash(ctx, back, async () => {
      const {
        offre,
        contact,
        resent,
        mailSent: sent,
      } = await envoyerOffre(actorOf(ctx), user, params.id, lockVersion)
      const message = sent
        ? `L’offre ${offre.numero} est ${resent ? 'renvoyée' : 'envoyée'} à ${contact.email}.`
        : `L’offre ${offre.numero} est numérotée, mais l’e-mail n’a pas pu partir : réessayez plus tard.`
      if (isApiRequest(ctx)) {
        return response.ok({ numero: offre.numero, statut: offre.statut, mailed: sent, message })
      }
      session.flash(sent ? 'success' : 'warning', message)
      return response.redirect().toRoute('partner.offres.preview', { id: offre.id })
    })
  }

  async transmettre(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const back = urlFor('partner.offres.preview', { id: parseId(params.id) ?? 0 })
    await findOffreFor(user, params.id, 'view')
    const { lock_version: lockVersion } = await request.validateUsing(offreActionValidator)
    return orFlash(ctx, back, async () => {
      const offre = await transmettreOffre(actorOf(ctx), user, params.id, lockVersion)
      const message = `L’offre ${offre.numero} est transmise à ESI.`
      if (isApiRequest(ctx))
        return response.ok({ numero: offre.numero, statut: offre.statut, message })
      session.flash('success', message)
      return response.redirect().toRoute('partner.offres.preview', { id: offre.id })
    })
  }

  /** The catalogue at the partner price of the société (JSON for the editor's product picker). */
  async produits({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const qs = request.qs()
    const q = typeof qs.q === 'string' ? qs.q : ''
    let societe: Societe | null = null
    if (qs.societe_id !== undefined) {
      const id = parseId(qs.societe_id)
      societe = id ? await Societe.find(id) : null
      if (!societe || societe.type !== 'pro' || !(await isMember(user.id, societe.id))) {
        throw new NotFoundException()
      }
    } else {
      const [first] = await partnerSocietes(user)
      societe = first ? await Societe.find(first.id) : null
    }
    if (!societe) return response.ok({ produits: [] })
    return response.ok({ produits: await searchProduitsForPartner(societe, q) })
  }
}

/** Mails the offre with its PDF to the contact (after the commit). False when it could not go. */
