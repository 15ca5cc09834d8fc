/*
 * Commandes for the timeline's tests (issue 12 §1): signed at the shop or at the customer's
 * home (withdrawal period running), their acompte facture issued and paid, a step moved as its
 * own part would (the measurement sheet, the receipts, the réception).
 */
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import Facture from '#models/facture'
import type User from '#models/user'
import { systemActor } from '#services/actor'
import { signBdc } from '#services/commandes/sign_bdc'
import { setEtapeStatut } from '#services/commandes/etapes'
import { createAcompteFacture } from '#services/factures/facture_service'
import { recordPaiement } from '#services/paiements/paiement_service'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { issued } from '#tests/functional/factures/helpers'
import type { Etape, EtapeStatut } from '#shared/commande_etapes'

export async function commandeSignee(
  options: { domicile?: boolean; renonciation?: boolean; acomptePct?: string; user?: User } = {}
) {
  const bdc = await makeBdc({ acomptePct: options.acomptePct, user: options.user })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Lambert',
    lieu: options.domicile ? 'domicile' : 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: options.renonciation ?? false,
    userId: null,
  })
  return { bdc: await Bdc.findOrFail(bdc.id), commande: await Commande.findOrFail(commande.id) }
}

/** The acompte facture issued and paid (whole, or `montant` cents). */
export async function acomptePaye(bdcId: number, montant?: number) {
  const bdc = await Bdc.findOrFail(bdcId)
  const draft = await createAcompteFacture(systemActor(), {
    bdcId,
    lockVersion: bdc.lockVersion,
    userId: null,
  })
  const facture = await issued(await Facture.findOrFail(draft.id))
  const paid = montant ?? facture.totalTtc
  await recordPaiement(systemActor(), {
    clientId: facture.clientId,
    date: DateTime.now(),
    montant: paid,
    mode: 'virement',
    reference: null,
    compte: null,
    idempotencyKey: randomUUID(),
    allocations: [{ factureId: facture.id, montant: paid }],
    userId: null,
  })
  return Facture.findOrFail(facture.id)
}

/** A step moved by its own part (H2–H4 record their facts as the step's statut). */
export async function etapeA(commandeId: number, etape: Etape, statut: EtapeStatut) {
  await db.transaction((trx) => setEtapeStatut(trx, null, commandeId, etape, statut, 'test'))
}

/** The withdrawal period ended yesterday. */
export async function retractationFinie(commande: Commande) {
  const hier = DateTime.now().minus({ days: 2 }).toISODate()
  await db.from('bdcs').where('id', commande.bdcId).update({ fin_retractation: hier })
  await db.from('commandes').where('id', commande.id).update({ fin_retractation: hier })
}

export async function etapeRow(commandeId: number, etape: Etape) {
  return db.from('commande_etapes').where({ commande_id: commandeId, etape }).firstOrFail()
}

export async function post(
  client: ApiClient,
  user: User,
  url: string,
  form: Record<string, unknown>,
  method: 'post' | 'put' = 'post'
) {
  return client[method](url)
    .loginAs(user)
    .header('referer', url)
    .form(form)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

export async function statutOf(commandeId: number, etape: Etape): Promise<string> {
  const row = await etapeRow(commandeId, etape)
  return row.statut
}

export async function versionOf(commandeId: number, etape: Etape): Promise<number> {
  const row = await etapeRow(commandeId, etape)
  return row.lock_version
}

export async function commandeStatut(commandeId: number): Promise<string> {
  const commande = await Commande.findOrFail(commandeId)
  return commande.statut
}

export async function bdcVersion(bdcId: number): Promise<number> {
  const bdc = await Bdc.findOrFail(bdcId)
  return bdc.lockVersion
}

/**
 * The Commandes menu's step counts computed independently (the oracle of the menu's query):
 * every open commande's steps read whole, the rule of decision 413 applied here.
 */
export async function expectedMenuCounts() {
  const rows = await db
    .from('commande_etapes as e')
    .join('commandes as c', 'c.id', 'e.commande_id')
    .whereIn('c.statut', ['en_attente', 'en_cours'])
    .select('e.commande_id', 'e.etape', 'e.statut')
  const byCommande = new Map<number, Record<string, string>>()
  for (const r of rows) {
    byCommande.set(r.commande_id, { ...byCommande.get(r.commande_id), [r.etape]: r.statut })
  }
  const open = (s: string) => ['a_faire', 'planifiee', 'en_cours', 'bloquee'].includes(s)
  const expected = { mesurage: 0, approvisionnement: 0, fourniture: 0 }
  for (const e of byCommande.values()) {
    if (open(e.mesurage)) expected.mesurage++
    if (open(e.approvisionnement) && ['faite', 'sans_objet'].includes(e.mesurage))
      expected.approvisionnement++
    if (open(e.fourniture) && ['en_cours', 'faite'].includes(e.approvisionnement))
      expected.fourniture++
  }
  return expected
}
