/*
 * Issuing an offre (DESIGN.md §1–§3): envoyer (to its contact, by mail) and transmettre (to esi,
 * notified in-app). Numbered at the first issue (gapless per société: OFF:<societe id>), the
 * parties frozen, the optimistic version checked, one transaction with its audit row; the mail and
 * notifications leave after the commit.
 */
import { urlFor } from '@adonisjs/core/services/url_builder'
import { DateTime } from 'luxon'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Offre from '#models/offre'
import Contact from '#models/contact'
import Societe from '#models/societe'
import logger from '@adonisjs/core/services/logger'
import OffreMail from '#mails/offre_mail'
import { offrePdf } from '#services/pdf/index'
import { contactPartiesSnapshot } from '#services/pdf/document_parts'
import { dispatchMail, notify } from '#services/events'
import type User from '#models/user'
import { audit } from '#services/audit'
import { nextNumero } from '#services/documents/numbering'
import { findOffreFor } from '#services/offres/offre_queries'
import { checkOffreVersion } from '#services/offres/offre_service'
import { offreMachine } from '#shared/machines/offre'
import { enforce } from '#services/documents/state'

async function produitCount(offreId: number, trx: TransactionClientContract): Promise<number> {
  const rows = await trx
    .from('offre_lignes')
    .where('offre_id', offreId)
    .where('type', 'produit')
    .count('* as n')
  return Number(rows[0].n)
}

/** The offre's number at its first issue (gapless per société), in the issuing transaction. */
async function numberOffre(offre: Offre, trx: TransactionClientContract) {
  if (!offre.numero) offre.numero = await nextNumero(trx, 'offre', { scope: offre.societeId })
}

/**
 * The pro's société and the contact as the offre issued now prints them (issue 10). Taken at
 * its first send or transmission: sent again unchanged, the same version keeps its parties.
 */
async function partiesOf(offre: Offre, trx: TransactionClientContract) {
  const societe = await Societe.findOrFail(offre.societeId, { client: trx })
  const contact = await Contact.findOrFail(offre.contactId, { client: trx })
  return contactPartiesSnapshot(societe, contact)
}

/** The offre's mail to its contact, the PDF attached when it renders. */
async function offreMailFor(offre: Offre, contact: Contact, user: User): Promise<OffreMail> {
  let pdf: { filename: string; content: Buffer } | null = null
  try {
    pdf = await offrePdf(offre.id)
  } catch (error) {
    // The mail still goes (the contact gets the figures); the PDF can be sent again later
    logger.error({ err: error, offre: offre.id }, 'offre PDF not rendered')
  }
  const societe = await Societe.findOrFail(offre.societeId)
  return new OffreMail({
    to: { email: contact.email!, name: contact.fullName },
    replyTo: { email: user.email, name: user.name },
    societe: societe.nom,
    auteur: user.name,
    numero: offre.numero!,
    objet: offre.objet,
    totalHt: offre.totalHt,
    totalTtc: offre.totalTtc,
    valableJusquAu: offre.valableJusquAu.toISODate()!,
    pdf,
  })
}

export type EnvoyerResult = {
  offre: Offre
  contact: Contact
  resent: boolean
  /** The mail to the contact left (tried after the commit). */
  mailSent: boolean
}

/**
 * Sends the offre to its contact: numbered on its first issue, statut envoyee. Sending an already
 * sent offre again (after a correction) keeps its number. The caller mails it after the commit.
 */
export async function envoyerOffre(
  actor: Actor,
  user: User,
  rawId: unknown,
  lockVersion: number
): Promise<EnvoyerResult> {
  const result = await db.transaction(async (trx) => {
    const { offre } = await findOffreFor(user, rawId, 'update', trx)
    await checkOffreVersion(offre, lockVersion, trx)
    const from = offre.statut
    const contact = await Contact.findOrFail(offre.contactId, { client: trx })
    enforce(offreMachine, 'envoyer', {
      statut: from,
      contactEmail: contact.email,
      produits: await produitCount(offre.id, trx),
    })
    await numberOffre(offre, trx)
    offre.merge({
      partiesSnapshot: offre.partiesSnapshot ?? (await partiesOf(offre, trx)),
      statut: 'envoyee',
      envoyeeLe: DateTime.now(),
      lockVersion: offre.lockVersion + 1,
    })
    offre.useTransaction(trx)
    await offre.save()
    await audit(
      actor,
      {
        action: 'offre.envoyee',
        userId: user.id,
        subjectType: 'offre',
        subjectId: offre.id,
        before: { statut: from },
        after: { statut: 'envoyee', numero: offre.numero, to: contact.email },
      },
      trx
    )
    const delivery = await dispatchMail(trx, () => offreMailFor(offre, contact, user))
    return { offre, contact, resent: from === 'envoyee', delivery }
  })
  const { delivery, ...rest } = result
  return { ...rest, mailSent: delivery.sent === true }
}

/** The staff who hear of a transmitted offre (esi accounts with two-factor on). */
const NOTIFIED_STAFF_LIMIT = 200

/**
 * Hands the offre to esi: numbered if it was not yet, statut transmise, and a notification to
 * every staff member (esi sees it in its list from now on, read-only).
 */
export async function transmettreOffre(
  actor: Actor,
  user: User,
  rawId: unknown,
  lockVersion: number
): Promise<Offre> {
  return db.transaction(async (trx) => {
    const { offre } = await findOffreFor(user, rawId, 'update', trx)
    await checkOffreVersion(offre, lockVersion, trx)
    const from = offre.statut
    enforce(offreMachine, 'transmettre', {
      statut: from,
      produits: await produitCount(offre.id, trx),
    })
    await numberOffre(offre, trx)
    offre.merge({
      partiesSnapshot: offre.partiesSnapshot ?? (await partiesOf(offre, trx)),
      statut: 'transmise',
      transmiseLe: DateTime.now(),
      lockVersion: offre.lockVersion + 1,
    })
    offre.useTransaction(trx)
    await offre.save()
    const societe = await Societe.findOrFail(offre.societeId, { client: trx })
    const staff = await trx
      .from('users')
      .where('role', 'esi')
      .whereNotNull('two_factor_confirmed_at')
      .whereNot('id', user.id)
      .orderBy('id')
      .limit(NOTIFIED_STAFF_LIMIT)
      .select('id')
    await notify(trx, {
      userIds: staff.map((s) => Number(s.id)),
      exceptUserId: user.id,
      type: 'offre.transmise',
      titre: `Offre ${offre.numero} transmise par ${societe.nom}`,
      lien: urlFor('partner.offres.preview', { id: offre.id }),
      icon: 'bi bi-file-earmark-richtext',
    })
    await audit(
      actor,
      {
        action: 'offre.transmise',
        userId: user.id,
        subjectType: 'offre',
        subjectId: offre.id,
        before: { statut: from },
        after: { statut: 'transmise', numero: offre.numero, notified: staff.length },
      },
      trx
    )
    return offre
  })
}
