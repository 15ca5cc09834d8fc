/*
 * esi turns a transmitted offre into a devis in one action (issue 5): in one transaction, the
 * customer (the offre's contact) becomes a Client brought by the pro société — or the existing
 * client with the same e-mail address is reused —, a brouillon devis is made with the offre's
 * lines copied as they are (esi adjusts the prices in its editor) by the editor's createDevis
 * (the same defaults as a devis made by hand), and the offre becomes
 * acceptee with the devis' id. Audit rows for each, in the same transaction.
 */
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Client from '#models/client'
import Contact from '#models/contact'
import type Devis from '#models/devis'
import OffreLigne from '#models/offre_ligne'
import type Offre from '#models/offre'
import type User from '#models/user'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { findOffreFor } from '#services/offres/offre_queries'
import { createDevis } from '#services/devis/devis_service'
import { enforce } from '#services/documents/state'
import { OFFRE_ALREADY_CONVERTED, offreMachine } from '#shared/machines/offre'

export const ALREADY_CONVERTED = OFFRE_ALREADY_CONVERTED

export type ToDevisResult = { devis: Devis; client: Client; clientCreated: boolean; offre: Offre }

/** The contact's postcode if it fits a client's (Belgian: 4 digits; else up to 10). */
const cut = (value: string | null, max: number) => (value ? value.slice(0, max) : null)

/**
 * The client of the contact: the existing client with the same e-mail (case-insensitive) when
 * there is one — esi keeps one file per customer —, else a new particulier brought by the pro.
 */
async function clientFor(
  contact: Contact,
  apporteurId: number,
  trx: TransactionClientContract
): Promise<{ client: Client; created: boolean }> {
  if (contact.email) {
    const existing = await Client.query({ client: trx })
      .whereRaw('lower(email) = ?', [contact.email.toLowerCase()])
      .orderBy('id_client')
      .first()
    if (existing) return { client: existing, created: false }
  }
  const client = await Client.create(
    {
      type: 'particulier',
      nom: contact.nom.slice(0, 120),
      prenom: cut(contact.prenom, 120),
      email: cut(contact.email?.toLowerCase() ?? null, 254),
      telephone: cut(contact.telephone, 40),
      facturationRue: cut(contact.adresse, 200),
      facturationCodePostal: cut(contact.codePostal, 10),
      facturationLocalite: cut(contact.localite, 80),
      facturationPays: 'BE',
      apporteurId,
      notes: `Client apporté par une offre partenaire (contact n° ${contact.id}).`,
    },
    { client: trx }
  )
  return { client, created: true }
}

export async function offreToDevis(
  actor: Actor,
  user: User,
  rawId: unknown
): Promise<ToDevisResult> {
  return db.transaction(async (trx) => {
    const { offre } = await findOffreFor(user, rawId, 'toDevis', trx)
    enforce(offreMachine, 'accepter', { statut: offre.statut, devisId: offre.devisId })
    const contact = await Contact.findOrFail(offre.contactId, { client: trx })
    const { client, created } = await clientFor(contact, offre.societeId, trx)
    if (created) {
      await audit(
        actor,
        {
          action: 'client.created',
          userId: user.id,
          subjectType: 'client',
          subjectId: client.idClient,
          after: { from_offre: offre.id, apporteur_id: offre.societeId },
        },
        trx
      )
    }

    const source = await OffreLigne.query({ client: trx })
      .where('offre_id', offre.id)
      .orderBy('position')
    // The devis defaults (client name, totals, validity, acompte, audit row) come from the
    // editor's own createDevis, in this transaction; the lines are copied as they are
    const devis = await createDevis(
      actor,
      {
        client_id: client.idClient,
        commercial_id: user.id,
        objet: offre.objet,
        adresse_chantier: offre.adresseChantier,
        remise_globale_pct: String(offre.remiseGlobalePct),
        intro: offre.intro,
        conditions: offre.conditions,
        lignes: source.map((l) => l.toData()),
      },
      {
        userId: user.id,
        offreId: offre.id,
        apporteurId: offre.societeId,
        trx,
        auditAfter: {
          offre_id: offre.id,
          offre_numero: offre.numero,
          apporteur_id: offre.societeId,
        },
      }
    )

    offre.merge({ statut: 'acceptee', devisId: devis.id, lockVersion: offre.lockVersion + 1 })
    offre.useTransaction(trx)
    await offre.save()
    await audit(
      actor,
      {
        action: 'offre.acceptee',
        userId: user.id,
        subjectType: 'offre',
        subjectId: offre.id,
        before: { statut: 'transmise' },
        after: { statut: 'acceptee', devis_id: devis.id, client_id: client.idClient },
      },
      trx
    )
    // The pro who wrote it hears that esi took it over
    await notify(trx, {
      userIds: [offre.auteurId],
      exceptUserId: user.id,
      type: 'offre.acceptee',
      titre: `Votre offre ${offre.numero} est reprise par ESI : un devis est en préparation`,
      lien: urlFor('partner.offres.preview', { id: offre.id }),
      icon: 'bi bi-check2-circle',
    })
    return { devis, client, clientCreated: created, offre }
  })
}
