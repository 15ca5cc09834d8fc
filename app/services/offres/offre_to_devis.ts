/*
 * esi turns a transmitted offre into a devis in one action (issue 5): in one transaction, the
 * customer (the offre's contact) becomes a Client brought by the pro société — or the existing
 * client with the same e-mail address is reused —, a brouillon devis is made by the editor's
 * createDevis (the same defaults as a devis made by hand), and the offre becomes acceptee with
 * the devis' id. Audit rows for each, in the same transaction.
 * Prices (decision 187): the end client pays ESI's catalogue price — every line of a catalogue
 * product takes the product's current prix_vente_ht, a free line keeps the offre's price —
 * and the partner's discount becomes his commission, its rate frozen on the devis.
 */
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Client from '#models/client'
import Contact from '#models/contact'
import type Devis from '#models/devis'
import OffreLigne from '#models/offre_ligne'
import Produit from '#models/produit'
import Societe from '#models/societe'
import type Offre from '#models/offre'
import type User from '#models/user'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { findOffreFor } from '#services/offres/offre_queries'
import { createDevis } from '#services/devis/devis_service'
import { enforce } from '#services/documents/state'
import { OFFRE_ALREADY_CONVERTED, offreMachine } from '#shared/machines/offre'
import type { LigneData } from '#shared/devis'

export const ALREADY_CONVERTED = OFFRE_ALREADY_CONVERTED

export type ToDevisResult = {
  devis: Devis
  client: Client
  clientCreated: boolean
  offre: Offre
  /** How many product lines took the catalogue price. */
  repriced: number
}

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

/**
 * The offre's lines for the end client: a catalogue product's line at the product's current
 * catalogue price (the partner price was the pro's purchase price, not the client's), a free
 * line (no product, or a product since removed) as the pro wrote it.
 */
async function atCataloguePrices(
  lignes: LigneData[],
  trx: TransactionClientContract
): Promise<{ lignes: LigneData[]; repriced: number }> {
  const ids = [
    ...new Set(lignes.flatMap((l) => (l.type === 'produit' && l.produit_id ? [l.produit_id] : []))),
  ]
  const produits = ids.length
    ? await Produit.query({ client: trx }).whereIn('id', ids).select('id', 'prix_vente_ht')
    : []
  const prix = new Map(produits.map((p) => [p.id, p.prixVenteHt]))
  let repriced = 0
  const result = lignes.map((l) => {
    const catalogue = l.type === 'produit' && l.produit_id ? prix.get(l.produit_id) : undefined
    if (catalogue === undefined) return l
    repriced++
    return { ...l, prix_unitaire_ht: catalogue }
  })
  return { lignes: result, repriced }
}

export async function offreToDevis(
  actor: Actor,
  user: User,
  rawId: unknown,
  /** The caller's transaction (the demo seed); else its own. */
  outer?: TransactionClientContract
): Promise<ToDevisResult> {
  const run = async (trx: TransactionClientContract): Promise<ToDevisResult> => {
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
    const { lignes, repriced } = await atCataloguePrices(
      source.map((l) => l.toData()),
      trx
    )
    // The partner's discount as of now is his commission: frozen, whatever the société's later rate
    const societe = await Societe.findOrFail(offre.societeId, { client: trx })
    // The devis defaults (client name, totals recomputed from these lines, validity, acompte,
    // audit row) come from the editor's own createDevis, in this transaction
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
        lignes,
      },
      {
        userId: user.id,
        offreId: offre.id,
        apporteurId: offre.societeId,
        commissionApporteurPct: String(societe.remisePartenairePct),
        trx,
        auditAfter: {
          offre_id: offre.id,
          offre_numero: offre.numero,
          apporteur_id: offre.societeId,
          offre_total_ht: offre.totalHt,
          lignes_prix_catalogue: repriced,
          commission_apporteur_pct: String(societe.remisePartenairePct),
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
    return { devis, client, clientCreated: created, offre, repriced }
  }
  return outer ? run(outer) : db.transaction(run)
}
