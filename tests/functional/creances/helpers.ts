/*
 * Helpers of the créances and exports tests: a facture issued through the real services on a
 * chosen day (luxon's clock set for the issue only: the service dates it and sets its due date
 * 30 days later, as in production), and a payment through setFactureAmounts.
 */
import { AGING_BUCKET_KEYS } from '#shared/creances'
import { Settings } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Client from '#models/client'
import Facture from '#models/facture'
import { systemActor } from '#services/actor'
import { createFactureLibre } from '#services/factures/facture_service'
import { setFactureAmounts } from '#services/factures/reste'
import { issued } from '#tests/functional/factures/helpers'
import { produit } from '#tests/functional/document_helpers'
import { addDays, todayIso } from '#shared/dates'
import { ECHEANCE_JOURS_DEFAUT } from '#shared/factures'
import type { LigneData } from '#shared/devis'

/** Runs `work` with luxon's clock on `day` (yyyy-mm-dd, Brussels). */
export async function onDay<T>(day: string, work: () => Promise<T>): Promise<T> {
  const saved = Settings.now
  // Noon UTC: the same calendar day in Brussels
  Settings.now = () => Date.parse(`${day}T12:00:00Z`)
  try {
    return await work()
  } finally {
    Settings.now = saved
  }
}

/** Issues `draft` as if on `day` (yyyy-mm-dd, Brussels). */
export async function issueOn(day: string, draft: Facture): Promise<Facture> {
  return onDay(day, () => issued(draft))
}

/** A free facture of `client` issued on `day` (one line of `htCents` at 21 % by default). */
export async function factureOn(
  client: Client,
  day: string,
  lignes: LigneData[] | number = 100_00
): Promise<Facture> {
  const draft = await createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Intervention',
    lignes: typeof lignes === 'number' ? [produit('Réglage', lignes, 21)] : lignes,
    userId: null,
  })
  return issueOn(day, await Facture.findOrFail(draft.id))
}

/** The issue day that makes a facture `late` days late today (due today: 0). */
export function dayForLate(late: number, today = todayIso()): string {
  return addDays(today, -ECHEANCE_JOURS_DEFAUT - late)
}

/** A facture `late` days late today (negative: due in that many days). */
export function factureLate(client: Client, late: number, htCents = 100_00) {
  return factureOn(client, dayForLate(late), htCents)
}

export async function pay(facture: Facture, cents: number) {
  return db.transaction((trx) => setFactureAmounts(trx, facture.id, { montantPaye: cents }))
}

/** A draft (never issued) of `client`: what is due leaves it out. */
export async function libreDraftFor(client: Client) {
  return createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Brouillon',
    lignes: [produit('Réglage', 100_00, 21)],
    userId: null,
  })
}

/** The columns a créances row is shown from (what creanceClientItem reads), written out. */
export const SHOWN_ROW_COLUMNS = [
  'id_client',
  'type',
  'civilite',
  'nom',
  'prenom',
  'societe',
  'numero_tva',
  'du',
  'credit',
  'solde',
  'nb_factures',
  'retard_max',
  'en_retard',
  ...AGING_BUCKET_KEYS,
]
