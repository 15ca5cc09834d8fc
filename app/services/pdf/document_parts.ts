/*
 * The building blocks every document loader shares (loaders.ts): who issues and who receives,
 * lines as stored and as shown, and the stored totals checked against shared/totals.ts.
 */
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import type Client from '#models/client'
import type Contact from '#models/contact'
import type Societe from '#models/societe'
import type { LigneBase } from '#models/ligne_base'
import { AppException } from '#exceptions/http_exceptions'
import { storedLogo } from '#services/logo_storage'
import { clientDisplayName } from '#shared/clients'
import type { LigneData } from '#shared/devis'
import {
  optionOf,
  type DocumentEmetteur,
  type DocumentLigne,
  type DocumentParty,
} from '#shared/document'
import { computeTotals, type Totals, type VatGroup } from '#shared/totals'
import { TIME_ZONE } from '#shared/app'
import { companySociete } from '#services/company'
import { partyPlaceholders } from '#services/devis/devis_texte_context'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export type LoadOptions = {
  /** For a page: the logo as a URL of the logo route, never a server path. */
  forBrowser?: boolean
}

/** The stored totals of a document do not follow from its lines (refused, logged). */
export class DocumentTotalsMismatchException extends AppException {
  static status = 500
  static code = 'E_DOCUMENT_TOTALS_MISMATCH'
  static message =
    'Les montants enregistrés de ce document ne correspondent pas à ses lignes : il ne peut pas être imprimé. Prévenez l’administrateur.'
}

export function isoDate(value: DateTime | null | undefined): string | null {
  return value ? value.setZone(TIME_ZONE).toISODate() : null
}

export function addressLines(
  rue: string | null,
  codePostal: string | null,
  localite: string | null,
  pays?: string | null
): string[] {
  const lines = [rue?.trim(), [codePostal, localite].filter(Boolean).join(' ').trim()]
  if (pays && pays.toUpperCase() !== 'BE') lines.push(pays.toUpperCase())
  return lines.filter((l): l is string => Boolean(l))
}

// ── Parties ──────────────────────────────────────────────────────────────────────────────────

export function emetteurOf(societe: Societe, opts: LoadOptions = {}): DocumentEmetteur {
  const logo = storedLogo(societe.logoPath)
  return {
    nom: societe.nom,
    lignes_adresse: addressLines(
      societe.adresse,
      societe.codePostal,
      societe.localite,
      societe.pays
    ),
    numero_tva: societe.numeroTva,
    email: societe.email,
    telephone: societe.telephone,
    forme_juridique: societe.formeJuridique,
    rpm: societe.rpm,
    iban: societe.iban,
    bic: societe.bic,
    logo_path: opts.forBrowser ? null : (logo?.key ?? null),
    logo_url: opts.forBrowser && logo ? `/app/company/${societe.id}/logo` : null,
  }
}

const NO_COMPANY: DocumentEmetteur = {
  nom: 'ESI',
  lignes_adresse: [],
  numero_tva: null,
  email: null,
  telephone: null,
  forme_juridique: null,
  rpm: null,
  iban: null,
  bic: null,
  logo_path: null,
  logo_url: null,
}

/** Our company: the first société of type esi (DESIGN.md §2). */
export async function esiEmetteur(opts: LoadOptions = {}): Promise<DocumentEmetteur> {
  const societe = await companySociete()
  if (societe) return emetteurOf(societe, opts)
  // Not configured yet: the document still prints, without company details
  logger.warn('no société of type esi: documents print without the company details')
  return { ...NO_COMPANY }
}

export function contactParty(contact: Contact): DocumentParty {
  return {
    nom: contact.fullName,
    lignes_adresse: addressLines(contact.adresse, contact.codePostal, contact.localite),
    numero_tva: null,
    email: contact.email,
    telephone: contact.telephone,
  }
}

export function clientParty(client: Client): DocumentParty {
  return {
    nom: clientDisplayName(client),
    lignes_adresse: addressLines(
      client.facturationRue,
      client.facturationCodePostal,
      client.facturationLocalite,
      client.facturationPays
    ),
    numero_tva: client.type === 'professionnel' ? client.numeroTva : null,
    email: client.email,
    telephone: client.telephone ?? client.gsm,
  }
}

// ── Parties frozen at issue (issue 10) ───────────────────────────────────────────────────────

/**
 * What an issued document printed about its parties, stored on it (`parties_snapshot`) when it
 * is issued: a bdc at its creation, a devis when sent, an offre when sent or transmitted. A
 * later change of the client, the contact or the company never reaches it; a draft (NULL)
 * prints the live data.
 */
export type PartiesSnapshot = {
  /** The company block as printed; logo_path is the storage key, logo_url always null. */
  emetteur: DocumentEmetteur
  /** The société issuing it (the browser loads its logo by this id). */
  emetteur_id: number | null
  destinataire: DocumentParty
  client_professionnel: boolean
  /** The client.* and societe.* placeholders of the printed texts (devis, bdc). */
  placeholders: Record<string, string> | null
  taken_at: string
}

function snapshotOfEmetteur(emetteur: DocumentEmetteur): DocumentEmetteur {
  return { ...emetteur, logo_url: null }
}

/**
 * Our company and the client, as a devis or bdc issued now prints them. Called inside the issuing
 * transaction: its client reads the company, never a second connection of the pool.
 */
export async function clientPartiesSnapshot(
  client: Client,
  trx: TransactionClientContract
): Promise<PartiesSnapshot> {
  const societe = await companySociete(trx)
  return {
    emetteur: snapshotOfEmetteur(societe ? emetteurOf(societe) : NO_COMPANY),
    emetteur_id: societe?.id ?? null,
    destinataire: clientParty(client),
    client_professionnel: client.type === 'professionnel',
    placeholders: partyPlaceholders(client, societe),
    taken_at: DateTime.now().toISO()!,
  }
}

/** A pro's société and its contact, as an offre issued now prints them. */
export function contactPartiesSnapshot(societe: Societe, contact: Contact): PartiesSnapshot {
  return {
    emetteur: snapshotOfEmetteur(emetteurOf(societe)),
    emetteur_id: societe.id,
    destinataire: contactParty(contact),
    client_professionnel: false,
    placeholders: null,
    taken_at: DateTime.now().toISO()!,
  }
}

/** pg hands jsonb back parsed; a driver giving text is read the same. */
export function readSnapshot<T>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

/** The frozen company block, with its logo for a PDF (storage key) or a page (logo route). */
export function frozenEmetteur(
  snapshot: PartiesSnapshot,
  opts: LoadOptions = {}
): DocumentEmetteur {
  const key = snapshot.emetteur.logo_path ?? null
  return {
    ...snapshot.emetteur,
    logo_path: opts.forBrowser ? null : key,
    logo_url:
      opts.forBrowser && key && snapshot.emetteur_id
        ? `/app/company/${snapshot.emetteur_id}/logo`
        : null,
  }
}

// ── Lines and totals ─────────────────────────────────────────────────────────────────────────

/**
 * Who issues and who receives: as frozen when the document was issued, else (a draft, or a row
 * issued before issue 10) the live company and client.
 */
export async function clientParties(
  parties: PartiesSnapshot | null,
  client: Client,
  opts: LoadOptions
) {
  if (parties)
    return {
      emetteur: frozenEmetteur(parties, opts),
      destinataire: parties.destinataire,
      clientProfessionnel: parties.client_professionnel,
    }
  return {
    emetteur: await esiEmetteur(opts),
    destinataire: clientParty(client),
    clientProfessionnel: client.type === 'professionnel',
  }
}

export type StoredLigne = LigneData & { total_ht: number | null }

export function storedLigne(l: LigneBase): StoredLigne {
  return { ...l.toData(), total_ht: l.totalHt }
}

export function documentLigne(l: StoredLigne): DocumentLigne {
  const produit = l.type === 'produit'
  return {
    type: l.type,
    designation: l.designation,
    quantite: produit ? l.quantite : null,
    unite: produit ? l.unite : null,
    prix_unitaire_ht: produit ? l.prix_unitaire_ht : null,
    remise_pct: produit ? l.remise_pct : '0',
    taux_tva: produit ? l.taux_tva : null,
    total_ht: l.type === 'produit' || l.type === 'sous_total' ? l.total_ht : null,
    ...optionOf(l),
  }
}

export type StoredTotals = {
  total_ht: number
  total_tva: number
  total_ttc: number
  tva: VatGroup[]
  acompte?: number | null
}

/**
 * The totals of shared/totals.ts recomputed from the stored lines; throws when the stored
 * header or line figures differ (the check the brief asks of every printed document).
 */
export function checkedTotals(
  what: string,
  lignes: StoredLigne[],
  stored: StoredTotals,
  remiseGlobalePct: string,
  acomptePct: string | null
): Totals {
  const totals = computeTotals({
    lignes,
    remise_globale_pct: remiseGlobalePct,
    acompte_pct: acomptePct ?? 0,
  })
  const problems: string[] = []
  for (const key of ['total_ht', 'total_tva', 'total_ttc'] as const) {
    if (Number(stored[key]) !== totals[key]) problems.push(`${key} ${stored[key]} ≠ ${totals[key]}`)
  }
  if (stored.acompte !== undefined && stored.acompte !== null && stored.acompte !== totals.acompte)
    problems.push(`acompte ${stored.acompte} ≠ ${totals.acompte}`)
  const groups = (g: VatGroup[]) =>
    JSON.stringify(
      [...g]
        .map((v) => [Number(v.taux_tva), v.base_brute, v.remise, v.base_ht, v.tva].map(Number))
        .sort((a, b) => b[0] - a[0])
    )
  if (groups(stored.tva ?? []) !== groups(totals.tva)) problems.push('tva_detail')
  lignes.forEach((l, i) => {
    const expected = totals.lignes[i].total_ht
    if (expected !== null && Number(l.total_ht) !== expected)
      problems.push(`ligne ${i + 1} total_ht ${l.total_ht} ≠ ${expected}`)
  })
  if (problems.length) {
    logger.error({ document: what, problems }, 'stored totals differ from the lines')
    throw new DocumentTotalsMismatchException()
  }
  return totals
}

export function tauxUtilises(lignes: StoredLigne[]): number[] {
  return [
    ...new Set(lignes.filter((l) => l.type === 'produit').map((l) => Number(l.taux_tva ?? 0))),
  ]
}

export function moneyPart(totals: Totals, remiseGlobalePct: string) {
  return {
    total_brut_ht: totals.total_brut_ht,
    remise_globale_pct: remiseGlobalePct,
    remise_globale: totals.remise_globale,
    total_ht: totals.total_ht,
    total_tva: totals.total_tva,
    total_ttc: totals.total_ttc,
    tva: totals.tva,
  }
}
