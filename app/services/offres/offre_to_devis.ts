/*
 * esi turns a transmitted offre into a devis in one action (issue 5): in one transaction, the
 * customer (the offre's contact) becomes a Client brought by the pro société — or the existing
 * client with the same e-mail address is reused —, a brouillon devis is made with the offre's
 * lines copied as they are (esi adjusts the prices in its editor), and the offre becomes
 * acceptee with the devis' id. Audit rows for each, in the same transaction.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Client from '#models/client'
import Contact from '#models/contact'
import Devis from '#models/devis'
import OffreLigne from '#models/offre_ligne'
import type Offre from '#models/offre'
import type User from '#models/user'
import { audit } from '#services/audit'
import { findOffreFor } from '#services/offres/offre_queries'
import { defaultValidity, today } from '#services/offres/offre_service'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { TransitionException } from '#exceptions/http_exceptions'
import { DEVIS_ACOMPTE_PCT_DEFAULT, OFFRE_STATUT_LABELS } from '#shared/devis'
import { clientDisplayName } from '#shared/clients'

export const ALREADY_CONVERTED = 'Cette offre a déjà été transformée en devis.'

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
  ctx: HttpContext | null,
  user: User,
  rawId: unknown
): Promise<ToDevisResult> {
  return db.transaction(async (trx) => {
    const { offre } = await findOffreFor(user, rawId, 'toDevis', trx)
    if (offre.devisId || offre.statut === 'acceptee')
      throw new TransitionException(ALREADY_CONVERTED)
    if (offre.statut !== 'transmise') {
      throw new TransitionException(
        `Une offre « ${OFFRE_STATUT_LABELS[offre.statut]} » ne peut pas être transformée en devis.`
      )
    }
    const contact = await Contact.findOrFail(offre.contactId, { client: trx })
    const { client, created } = await clientFor(contact, offre.societeId, trx)
    if (created) {
      await audit(
        ctx,
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
    const lignes = source.map((l) => l.toData())
    const acomptePct = String(DEVIS_ACOMPTE_PCT_DEFAULT)
    const totals = totalsOf(lignes, offre.remiseGlobalePct, acomptePct)
    const dateDevis = today()
    const devis = await Devis.create(
      {
        statut: 'brouillon',
        revision: 1,
        lockVersion: 1,
        clientId: client.idClient,
        clientNom: clientDisplayName(client).slice(0, 300),
        commercialId: user.id,
        apporteurId: offre.societeId,
        offreId: offre.id,
        dateDevis,
        valableJusquAu: defaultValidity(dateDevis),
        objet: offre.objet,
        adresseChantier: offre.adresseChantier,
        intro: offre.intro,
        conditions: offre.conditions,
        remiseGlobalePct: String(offre.remiseGlobalePct),
        acomptePct,
        acompte: totals.acompte,
        totalHt: totals.total_ht,
        totalTva: totals.total_tva,
        totalTtc: totals.total_ttc,
        tvaDetail: totals.tva,
        createdBy: user.id,
        updatedBy: user.id,
      },
      { client: trx }
    )
    await replaceLignes(trx, 'devis_lignes', 'devis_id', devis.id, lignes, totals)

    offre.merge({ statut: 'acceptee', devisId: devis.id, lockVersion: offre.lockVersion + 1 })
    offre.useTransaction(trx)
    await offre.save()
    await audit(
      ctx,
      {
        action: 'devis.created',
        userId: user.id,
        subjectType: 'devis',
        subjectId: devis.id,
        after: {
          offre_id: offre.id,
          offre_numero: offre.numero,
          client_id: client.idClient,
          apporteur_id: offre.societeId,
          total_ttc: totals.total_ttc,
        },
      },
      trx
    )
    await audit(
      ctx,
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
    return { devis, client, clientCreated: created, offre }
  })
}
