// Avenant reads: the commande from a URL, the sheet's écarts, the document in force and invoiced.
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import Avenant from '#models/avenant'
import type Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import Commande from '#models/commande'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { AVENANT_OPEN, documentFacturable, type Facturable } from '#shared/avenants'
import type { LigneData } from '#shared/devis'
import type { MesureEcart } from '#models/mesure_ligne'

/** A line of the avenant with the bdc line it amends (null: added by the avenant). */
export type AvenantLigneData = LigneData & { bdc_ligne_id: number | null }

/** A commande from a URL id: anything else is a 404. */
export async function findCommandeForAvenant(rawId: unknown): Promise<Commande> {
  const id = parseId(rawId)
  const commande = id ? await Commande.find(id) : null
  if (!commande) throw new NotFoundException()
  return commande
}

export type EcartRow = {
  mesure_ligne_id: number
  bdc_ligne_id: number | null
  repere: string
  designation: string
  quantite: number
  largeur_mm: number | null
  hauteur_mm: number | null
  ecarts: MesureEcart[]
}

/** The validated sheet's flagged rows (empty when not validated or without écart). */
export async function ecartsOf(
  commandeId: number,
  client: QueryClientContract | TransactionClientContract = db.connection()
): Promise<{ validee: boolean; rows: EcartRow[] }> {
  const mesure = await client.from('mesures').where('commande_id', commandeId).first()
  if (!mesure || mesure.statut !== 'validee') return { validee: false, rows: [] }
  const lignes = await client
    .from('mesure_lignes')
    .where('mesure_id', mesure.id)
    .whereRaw('jsonb_array_length(ecarts) > 0')
    .orderBy('position', 'asc')
  return {
    validee: true,
    rows: lignes.map((l) => ({
      mesure_ligne_id: Number(l.id),
      bdc_ligne_id: l.bdc_ligne_id === null ? null : Number(l.bdc_ligne_id),
      repere: l.repere,
      designation: l.designation,
      quantite: Number(l.quantite),
      largeur_mm: l.largeur_mm,
      hauteur_mm: l.hauteur_mm,
      ecarts: (typeof l.ecarts === 'string' ? JSON.parse(l.ecarts) : l.ecarts) as MesureEcart[],
    })),
  }
}

export type BaseDocument = {
  numero: string
  lignes: AvenantLigneData[]
  remiseGlobalePct: string
  totalHt: number
  totalTva: number
  totalTtc: number
}

/** What an avenant amends: the last signed avenant of the bdc, else the bdc itself. */
export async function baseDocument(
  trx: TransactionClientContract,
  bdc: Bdc
): Promise<BaseDocument> {
  const signed = await Avenant.query({ client: trx })
    .where({ bdc_id: bdc.id, statut: 'signe' })
    .orderBy('rang', 'desc')
    .preload('lignes')
    .first()
  if (signed) {
    return {
      numero: signed.numero,
      lignes: signed.lignes.map((l) => ({ ...l.toData(), bdc_ligne_id: l.bdcLigneId })),
      remiseGlobalePct: signed.remiseGlobalePct,
      totalHt: signed.totalHt,
      totalTva: signed.totalTva,
      totalTtc: signed.totalTtc,
    }
  }
  const lignes = await BdcLigne.query({ client: trx })
    .where('bdc_id', bdc.id)
    .orderBy('position', 'asc')
  return {
    numero: bdc.numero,
    lignes: lignes.map((l) => ({ ...l.toData(), bdc_ligne_id: Number(l.id) })),
    remiseGlobalePct: bdc.remiseGlobalePct ?? '0',
    totalHt: bdc.totalHt,
    totalTva: bdc.totalTva,
    totalTtc: bdc.totalTtc,
  }
}

/**
 * The document the commande invoices (decision 392), for the facture de solde: the last signed
 * avenant's lines and totals, else the bdc's (shared/avenants.ts documentFacturable).
 */
export async function facturableOf(
  bdc: Bdc,
  trx?: TransactionClientContract
): Promise<Facturable<LigneData>> {
  const avenants = await Avenant.query({ client: trx })
    .where({ bdc_id: bdc.id, statut: 'signe' })
    .preload('lignes')
  const bdcLignes = await BdcLigne.query({ client: trx })
    .where('bdc_id', bdc.id)
    .orderBy('position', 'asc')
  return documentFacturable(
    {
      numero: bdc.numero,
      lignes: bdcLignes.map((l) => l.toData()),
      remiseGlobalePct: bdc.remiseGlobalePct ?? '0',
      totalTtc: bdc.totalTtc,
      tvaDetail: bdc.tvaDetail,
    },
    avenants.map((a) => ({
      numero: a.numero,
      statut: a.statut,
      rang: a.rang,
      lignes: a.lignes.map((l) => l.toData()),
      remiseGlobalePct: a.remiseGlobalePct,
      totalTtc: a.totalTtc,
      tvaDetail: a.tvaDetail,
    }))
  )
}

/** The avenant the page shows: the open one, else the last signed, else the last one. */
export async function currentAvenant(
  commandeId: number,
  client?: TransactionClientContract
): Promise<Avenant | null> {
  const all = await Avenant.query({ client })
    .where('commande_id', commandeId)
    .orderBy('rang', 'desc')
  return (
    all.find((a) => AVENANT_OPEN.includes(a.statut)) ??
    all.find((a) => a.statut === 'signe') ??
    all[0] ??
    null
  )
}
