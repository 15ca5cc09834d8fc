/* Offres made for the tests of issue 5: a pro with his société and contact, offres in any statut. */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Offre from '#models/offre'
import type Societe from '#models/societe'
import type Contact from '#models/contact'
import type User from '#models/user'
import { makeUser } from '#tests/helpers'
import { addMember, makeContact, makeSociete } from '#tests/functional/societes/helpers'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { autre, produit } from '#tests/functional/document_helpers'
import type { LigneData, LigneForm, OffreStatut } from '#shared/devis'

export const LIGNES_DATA: LigneData[] = [
  autre('section', 'Rez-de-chaussée'),
  produit('Châssis PVC 120 × 140', 45_000, 6, '2'),
  produit('Pose', 5_500, 21, '3.5', '10', 'heure'),
]

/** A valid editor body (typed text, French decimals). */
export function offreBody(contactId: number, overrides: Record<string, unknown> = {}) {
  const lignes: LigneForm[] = [
    {
      type: 'section',
      produit_id: null,
      designation: 'Rez-de-chaussée',
      quantite: '',
      unite: null,
      prix_unitaire_ht: '',
      remise_pct: '0',
      taux_tva: null,
    },
    {
      type: 'produit',
      produit_id: null,
      designation: 'Châssis PVC 120 × 140',
      quantite: '2',
      unite: 'piece',
      prix_unitaire_ht: '450,00',
      remise_pct: '0',
      taux_tva: 6,
    },
    {
      type: 'produit',
      produit_id: null,
      designation: 'Pose',
      quantite: '3,5',
      unite: 'heure',
      prix_unitaire_ht: '55',
      remise_pct: '10',
      taux_tva: 21,
    },
    {
      type: 'sous_total',
      produit_id: null,
      designation: 'Sous-total',
      quantite: '',
      unite: null,
      prix_unitaire_ht: '',
      remise_pct: '0',
      taux_tva: null,
    },
  ]
  return {
    contact_id: contactId,
    date_offre: '2026-11-02',
    valable_jusqu_au: '2026-12-02',
    objet: 'Remplacement des châssis',
    adresse_chantier: 'Rue des Tilleuls 4, 5000 Namur',
    remise_globale_pct: '5',
    intro: 'Suite à notre visite.',
    conditions: 'Paiement à 30 jours.',
    lignes,
    ...overrides,
  }
}

/** A pro member of a new pro société with one contact (with an e-mail address). */
export async function proWithContact(
  options: { remise?: string; role?: 'admin' | 'membre'; email?: string | null } = {}
) {
  const pro = await makeUser('pro')
  const societe = await makeSociete('pro')
  if (options.remise) {
    societe.remisePartenairePct = options.remise
    await societe.save()
  }
  await addMember(societe, pro, options.role ?? 'admin')
  const contact = await makeContact(societe, {
    nom: 'Lejeune',
    prenom: 'Amandine',
    email: options.email === undefined ? 'amandine.lejeune@example.be' : options.email,
  })
  return { pro, societe, contact }
}

/** An offre of that société in that statut, lines and totals as the service stores them. */
export async function makeOffre(
  societe: Societe,
  contact: Contact,
  options: {
    statut?: OffreStatut
    auteur?: User | null
    numero?: string | null
    lignes?: LigneData[]
    remiseGlobalePct?: string
  } = {}
) {
  const statut = options.statut ?? 'brouillon'
  const lignes = options.lignes ?? LIGNES_DATA
  const remise = options.remiseGlobalePct ?? '0'
  const totals = totalsOf(lignes, remise)
  return db.transaction(async (trx) => {
    const offre = await Offre.create(
      {
        societeId: societe.id,
        contactId: contact.id,
        auteurId: options.auteur?.id ?? null,
        lockVersion: 1,
        dateOffre: DateTime.fromISO('2026-11-02'),
        valableJusquAu: DateTime.fromISO('2026-12-02'),
        objet: 'Offre de test',
        adresseChantier: null,
        intro: null,
        conditions: null,
        remiseGlobalePct: remise,
        totalHt: totals.total_ht,
        totalTva: totals.total_tva,
        totalTtc: totals.total_ttc,
        tvaDetail: totals.tva,
        statut,
        numero:
          options.numero !== undefined
            ? options.numero
            : statut === 'brouillon'
              ? null
              : `OFF-2026-${String(Math.floor(Math.random() * 90000) + 10000)}`,
        envoyeeLe: statut === 'brouillon' ? null : DateTime.now(),
        transmiseLe: ['transmise', 'acceptee', 'refusee'].includes(statut) ? DateTime.now() : null,
      },
      { client: trx }
    )
    await replaceLignes(trx, 'offre_lignes', 'offre_id', offre.id, lignes, totals)
    return offre
  })
}

/** A transmitted offre of a new pro société (what esi sees). */
export async function transmittedOffre() {
  const { pro, societe, contact } = await proWithContact()
  const offre = await makeOffre(societe, contact, { statut: 'transmise', auteur: pro })
  return { pro, societe, contact, offre }
}

/** A JSON call as the editor makes it (XHR: JSON errors, no redirects). */
export function json(
  client: any,
  method: 'post' | 'put' | 'get',
  url: string,
  user: User,
  body?: Record<string, unknown>
) {
  let request = client[method](url)
    .loginAs(user)
    .header('x-requested-with', 'XMLHttpRequest')
    .header('accept', 'application/json')
    .redirects(0)
  if (body) request = request.json(body)
  if (method !== 'get') request = request.withCsrfToken()
  return request
}

export { makeSociete, addMember, makeContact }
