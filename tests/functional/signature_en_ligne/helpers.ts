/*
 * Helpers of the online signing tests (issue 14 §1): a SENT devis (through the real life cycle)
 * with two options — one proposed ticked, one not —, its signed link's paths, and the accept
 * form as the public page posts it.
 */
import { randomBytes } from 'node:crypto'
import { type DateTime } from 'luxon'
import { systemActor } from '#services/actor'
import Devis from '#models/devis'
import type User from '#models/user'
import { ClientFactory } from '#database/factories/client_factory'
import { autre, insertDevis, produit } from '#tests/functional/document_helpers'
import { DRAWN, esiSociete } from '#tests/functional/bdc/helpers'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { devisLinkUrl, type DevisLinkRoute } from '#services/signature_en_ligne/devis_link'
import type { LigneData } from '#shared/devis'

/** Indexes of the lines below: 2 is an option proposed ticked, 3 one proposed unticked. */
export const OPTION_TICKED = 2
export const OPTION_UNTICKED = 3

export function lignesAvecOptions(): LigneData[] {
  return [
    autre('section', 'Châssis'),
    produit('Fenêtre PVC 120×140', 45000, 6, '2', '10'),
    { ...produit('Volet roulant électrique', 62000, 6, '2'), optionnel: true, retenue: true },
    { ...produit('Moustiquaire', 9000, 21, '2'), optionnel: true, retenue: false },
    autre('sous_total', 'Sous-total châssis'),
    produit('Porte d’entrée', 180000, 21, '1'),
  ]
}

export const uniqueEmail = () => `client-${randomBytes(6).toString('hex')}@example.com`

/** A devis with options, sent by the real life cycle (numbered, parties frozen). */
export async function sentDevis(
  options: { commercial?: User | null; email?: string; valableJusquAu?: DateTime } = {}
): Promise<Devis> {
  await esiSociete()
  const client = await ClientFactory.merge({
    nom: 'Lambert',
    email: options.email ?? uniqueEmail(),
  }).create()
  const { devis } = await insertDevis(
    {
      clientId: client.idClient,
      clientNom: client.nom,
      commercialId: options.commercial?.id ?? null,
      objet: 'Châssis et options',
      acomptePct: '30',
      ...(options.valableJusquAu ? { valableJusquAu: options.valableJusquAu } : {}),
    },
    lignesAvecOptions()
  )
  await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'envoye',
    lockVersion: devis.lockVersion,
    userId: null,
  })
  return Devis.findOrFail(devis.id)
}

/** The path (with its signature) of one of the link's routes. */
export function linkPath(
  devis: Devis,
  route: DevisLinkRoute = 'signed.devis.show',
  extra: { version?: number; expiresAt?: DateTime } = {}
): string {
  const url = new URL(devisLinkUrl(devis, { route, ...extra }))
  return url.pathname + url.search
}

/** The accept form as the page posts it (everything valid unless overridden). */
export function acceptForm(devis: Devis, fields: Record<string, unknown> = {}) {
  return {
    signataire: 'Anne Lambert',
    mention: 'Lu et approuvé',
    signature: DRAWN,
    consentement: '1',
    retenues: [OPTION_TICKED],
    lock_version: devis.lockVersion,
    ...fields,
  }
}
