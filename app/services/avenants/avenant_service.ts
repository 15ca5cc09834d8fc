/*
 * Avenants (issue 12 §2, decisions 390–399): after a validated measurement sheet flagged
 * differences, staff prepares a priced amendment of the bdc (prefilled from the lines in force,
 * the flagged rows beside), presents it, and the customer signs it on the device. On signature:
 * the mesurage step is done (the contract of shared/commande_etapes.ts), the commande's total is
 * the avenant's, a demande de paiement asks the acompte difference when it is positive, and the
 * signed PDF is attached to the commande. « Accepter les écarts sans avenant » (motif, audited)
 * closes the step without one. Every write runs under the avenant's (or the bdc's) row lock.
 */
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import Avenant from '#models/avenant'
import Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import { audit } from '#services/audit'
import { historique, setEtapeStatut } from '#services/commandes/etapes'
import { checkVersion } from '#services/documents/optimistic_lock'
import { enforce } from '#services/documents/state'
import { normaliseLignes, totalsOf, totalColumnsOf } from '#services/documents/lignes'
import { nextNumero } from '#services/documents/numbering'
import { beneficiaireSociete, communicationFor } from '#services/paiement/demande_paiement_service'
import { paiementBloquePour } from '#services/bdc/paiement_retractation'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import {
  AVENANT_MESSAGES,
  AVENANT_OPEN,
  avenantDifference,
  avenantMachine,
  avenantNumero,
  documentFacturable,
  type AvenantStatut,
  type Facturable,
} from '#shared/avenants'
import type { LigneData } from '#shared/devis'
import { DEMANDE_PAIEMENT_LIEN_JOURS } from '#shared/devis'
import type { Totals } from '#shared/totals'
import type { MesureEcart } from '#models/mesure_ligne'

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

/** A line of the avenant with the bdc line it amends (null: added by the avenant). */
export type AvenantLigneData = LigneData & { bdc_ligne_id: number | null }

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

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

type BaseDocument = {
  numero: string
  lignes: AvenantLigneData[]
  remiseGlobalePct: string
  totalHt: number
  totalTva: number
  totalTtc: number
}

/** What an avenant amends: the last signed avenant of the bdc, else the bdc itself. */
async function baseDocument(trx: TransactionClientContract, bdc: Bdc): Promise<BaseDocument> {
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

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

async function lockCommande(trx: TransactionClientContract, commandeId: number) {
  const commande = await Commande.query({ client: trx }).where('id', commandeId).forUpdate().first()
  if (!commande) throw new NotFoundException()
  if (commande.statut === 'annulee') refuse(`La commande ${commande.numero} est annulée.`)
  refuseSiTerminee(commande.statut)
  return commande
}

async function lockAvenant(
  trx: TransactionClientContract,
  commandeId: number,
  avenantId: number,
  lockVersion: number
): Promise<Avenant> {
  const avenant = await Avenant.query({ client: trx })
    .where({ id: avenantId, commande_id: commandeId })
    .forUpdate()
    .first()
  if (!avenant) throw new NotFoundException()
  await checkVersion(avenant, lockVersion, async () => ({
    label: `L’avenant ${avenant.numero}`,
    by: null,
    at: avenant.updatedAt,
  }))
  return avenant
}

async function writeLignes(
  trx: TransactionClientContract,
  avenantId: number,
  lignes: AvenantLigneData[],
  totals: Totals
) {
  await trx.from('avenant_lignes').where('avenant_id', avenantId).delete()
  if (lignes.length === 0) return
  await trx.table('avenant_lignes').multiInsert(
    lignes.map((l, index) => ({
      avenant_id: avenantId,
      position: index + 1,
      type: l.type,
      produit_id: l.produit_id,
      designation: l.designation,
      quantite: l.type === 'produit' ? l.quantite : null,
      unite: l.unite,
      prix_unitaire_ht: l.prix_unitaire_ht,
      remise_pct: l.remise_pct,
      taux_tva: l.taux_tva,
      total_ht: totals.lignes[index]?.total_ht ?? null,
      bdc_ligne_id: l.bdc_ligne_id,
    }))
  )
}

/** Totals, difference and acompte difference of lines against the base, as stored. */
function figures(
  lignes: AvenantLigneData[],
  remiseGlobalePct: string,
  base: { totalHt: number; totalTva: number; totalTtc: number },
  acomptePct: string
) {
  const totals = totalsOf(lignes, remiseGlobalePct)
  const diff = avenantDifference(
    { total_ht: base.totalHt, total_tva: base.totalTva, total_ttc: base.totalTtc },
    totals,
    acomptePct
  )
  return { totals, diff }
}

function figureColumns(totals: Totals, diff: ReturnType<typeof avenantDifference>) {
  return {
    ...totalColumnsOf(totals),
    difference_ht: diff.difference_ht,
    difference_tva: diff.difference_tva,
    difference_ttc: diff.difference_ttc,
    acompte_difference: diff.acompte_difference,
  }
}

/** Why no avenant may be prepared now (French), or null. */
function prepareRefusal(
  ecarts: { validee: boolean; rows: EcartRow[] },
  mesurage: string | undefined
): string | null {
  if (!ecarts.validee) return 'La fiche de mesurage n’est pas validée : pas d’avenant à préparer.'
  if (ecarts.rows.length === 0)
    return 'Le mesurage n’a relevé aucun écart : pas d’avenant à préparer.'
  if (mesurage === 'faite' || mesurage === 'sans_objet')
    return 'Les écarts du mesurage sont déjà réglés (avenant signé ou écarts acceptés).'
  return null
}

/**
 * « Préparer l'avenant »: a draft prefilled from the lines in force (bdc or last signed avenant);
 * a flagged quantity is taken from the sheet, a flagged row added on site becomes a line to
 * price. Numbered `<bdc>-A<rang>` under the bdc's row lock (gapless per bdc). An open avenant
 * already there is returned (a double click makes one).
 */
export async function prepareAvenant(
  actor: Actor,
  input: { commandeId: number; userId: number | null }
): Promise<Avenant> {
  return db.transaction(async (trx) => {
    const commande = await lockCommande(trx, input.commandeId)
    const bdc = await Bdc.query({ client: trx })
      .where('id', commande.bdcId)
      .forUpdate()
      .firstOrFail()
    const open = await Avenant.query({ client: trx })
      .where('commande_id', commande.id)
      .whereIn('statut', [...AVENANT_OPEN])
      .first()
    if (open) return open
    const etape = await trx
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .first()
    const ecarts = await ecartsOf(commande.id, trx)
    const refusal = prepareRefusal(ecarts, etape?.statut)
    if (refusal) refuse(refusal)

    const base = await baseDocument(trx, bdc)
    const lignes = base.lignes.map((l) => {
      const flagged = ecarts.rows.find((r) => r.bdc_ligne_id === l.bdc_ligne_id)
      const quantiteChanged = flagged?.ecarts.some((e) => e.champ === 'quantite')
      return quantiteChanged && l.type === 'produit'
        ? { ...l, quantite: String(flagged!.quantite) }
        : l
    })
    for (const row of ecarts.rows.filter((r) => r.bdc_ligne_id === null)) {
      lignes.push({
        type: 'produit',
        produit_id: null,
        designation: [row.repere, row.designation].filter(Boolean).join(' — ') || 'Élément ajouté',
        quantite: String(row.quantite),
        unite: 'piece',
        prix_unitaire_ht: 0,
        remise_pct: '0',
        taux_tva: 21,
        bdc_ligne_id: null,
      })
    }
    const last = await trx.from('avenants').where('bdc_id', bdc.id).max('rang as rang').first()
    const rang = Number(last?.rang ?? 0) + 1
    const { totals, diff } = figures(lignes, base.remiseGlobalePct, base, bdc.acomptePct)
    const avenant = await Avenant.create(
      {
        commandeId: commande.id,
        bdcId: bdc.id,
        rang,
        numero: avenantNumero(bdc.numero, rang),
        statut: 'brouillon',
        motif: 'Écarts relevés au mesurage',
        remiseGlobalePct: base.remiseGlobalePct,
        baseTotalTtc: base.totalTtc,
        acomptePct: bdc.acomptePct,
        createdBy: input.userId,
        lockVersion: 1,
      },
      { client: trx }
    )
    await trx.from('avenants').where('id', avenant.id).update(figureColumns(totals, diff))
    await writeLignes(trx, avenant.id, lignes, totals)
    await historique(trx, {
      commandeId: commande.id,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      vers: 'brouillon',
      detail: `Avenant ${avenant.numero} préparé`,
    })
    await audit(
      actor,
      {
        action: 'avenant.cree',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: commande.id,
        after: { avenant: avenant.numero, base: base.numero },
      },
      trx
    )
    return Avenant.query({ client: trx }).where('id', avenant.id).firstOrFail()
  })
}

export type SaveAvenantInput = {
  commandeId: number
  avenantId: number
  lockVersion: number
  motif: string
  remiseGlobalePct: string
  lignes: AvenantLigneData[]
  userId: number | null
}

/** Saves a draft's lines and motif: totals, difference and acompte difference recomputed. */
export async function saveAvenant(actor: Actor, input: SaveAvenantInput): Promise<Avenant> {
  return db.transaction(async (trx) => {
    await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, 'modifier', { statut: avenant.statut, numero: avenant.numero })
    const lignes = normaliseLignes(input.lignes).map((l, i) => ({
      ...l,
      bdc_ligne_id: input.lignes[i].bdc_ligne_id,
    }))
    // A line may only point at a line of this bdc (else it is an added line)
    const ids = lignes.map((l) => l.bdc_ligne_id).filter((id): id is number => id !== null)
    if (ids.length) {
      const rows = await trx
        .from('bdc_lignes')
        .where('bdc_id', avenant.bdcId)
        .whereIn('id', ids)
        .select('id')
      const known = new Set(rows.map((r) => Number(r.id)))
      for (const l of lignes) {
        if (l.bdc_ligne_id !== null && !known.has(l.bdc_ligne_id)) l.bdc_ligne_id = null
      }
    }
    if (!lignes.some((l) => l.type === 'produit')) refuse(AVENANT_MESSAGES.sansProduit)
    const totals = totalsOf(lignes, input.remiseGlobalePct)
    // The base's HT and TVA, read back from the stored totals and difference
    const baseHt = avenant.totalHt - avenant.differenceHt
    const baseTva = avenant.totalTva - avenant.differenceTva
    const diff = avenantDifference(
      { total_ht: baseHt, total_tva: baseTva, total_ttc: avenant.baseTotalTtc },
      totals,
      avenant.acomptePct
    )
    await writeLignes(trx, avenant.id, lignes, totals)
    await trx
      .from('avenants')
      .where('id', avenant.id)
      .update({
        ...figureColumns(totals, diff),
        remise_globale_pct: input.remiseGlobalePct,
        motif: input.motif,
        lock_version: avenant.lockVersion + 1,
        updated_at: new Date(),
      })
    await audit(
      actor,
      {
        action: 'avenant.modifie',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: input.commandeId,
        before: { avenant: avenant.numero, total_ttc: avenant.totalTtc },
        after: { total_ttc: totals.total_ttc, difference_ttc: diff.difference_ttc },
      },
      trx
    )
    return Avenant.query({ client: trx }).where('id', avenant.id).firstOrFail()
  })
}

/** brouillon → à signer (« Faire signer ») or back (« Modifier encore »). */
export async function changeAvenantStatut(
  actor: Actor,
  input: {
    commandeId: number
    avenantId: number
    lockVersion: number
    transition: 'presenter' | 'reprendre'
    userId: number | null
  }
): Promise<Avenant> {
  return db.transaction(async (trx) => {
    await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, input.transition, { statut: avenant.statut, numero: avenant.numero })
    const before = avenant.statut
    avenant.statut = input.transition === 'presenter' ? 'a_signer' : 'brouillon'
    avenant.lockVersion += 1
    avenant.useTransaction(trx)
    await avenant.save()
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      de: before,
      vers: avenant.statut,
      detail: `Avenant ${avenant.numero}`,
    })
    await audit(
      actor,
      {
        action: `avenant.${input.transition}`,
        userId: input.userId,
        subjectType: 'commande',
        subjectId: input.commandeId,
        before: { avenant: avenant.numero, statut: before },
        after: { statut: avenant.statut },
      },
      trx
    )
    return avenant
  })
}

export type SignAvenantInput = {
  commandeId: number
  avenantId: number
  lockVersion: number
  signataire: string
  signaturePath: string
  signatureMime: string
  userId: number | null
}

export type SignAvenantResult = {
  avenant: Avenant
  demande: DemandePaiement | null
  /** Why no demande was made for a positive acompte difference (French), or null. */
  sansDemande: string | null
}

/**
 * The customer signs the avenant on the device. In one transaction: the avenant signed, the
 * commande's total TTC the avenant's, the mesurage step done (history + audit), and for a
 * positive acompte difference a demande de paiement (decision 394). The PDF is attached after.
 */
export async function signAvenant(
  actor: Actor,
  input: SignAvenantInput
): Promise<SignAvenantResult> {
  const result = await db.transaction(async (trx) => {
    const commande = await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, 'signer', { statut: avenant.statut, numero: avenant.numero })
    const now = DateTime.now()
    avenant.merge({
      statut: 'signe',
      signeLe: now,
      signataire: input.signataire,
      signatureType: 'dessin',
      signaturePath: input.signaturePath,
      signatureMime: input.signatureMime,
      signePar: input.userId,
      lockVersion: avenant.lockVersion + 1,
    })
    avenant.useTransaction(trx)
    await avenant.save()

    const ancienTotal = commande.totalTtc
    commande.totalTtc = avenant.totalTtc
    commande.useTransaction(trx)
    await commande.save()

    await historique(trx, {
      commandeId: commande.id,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      de: 'a_signer',
      vers: 'signe',
      detail: `Avenant ${avenant.numero} signé par ${input.signataire}`,
    })
    await setEtapeStatut(
      trx,
      actor,
      commande.id,
      'mesurage',
      'faite',
      `Avenant ${avenant.numero} signé`
    )

    let demande: DemandePaiement | null = null
    let sansDemande: string | null = null
    if (avenant.acompteDifference > 0) {
      const made = await demandeForAvenant(trx, avenant, input.userId)
      demande = made.demande
      sansDemande = made.refus
      if (demande) {
        avenant.demandePaiementId = demande.id
        await avenant.save()
      }
    }
    await audit(
      actor,
      {
        action: 'avenant.signe',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: commande.id,
        before: { avenant: avenant.numero, statut: 'a_signer', total_ttc: ancienTotal },
        after: {
          statut: 'signe',
          signataire: input.signataire,
          total_ttc: avenant.totalTtc,
          difference_ttc: avenant.differenceTtc,
          acompte_difference: avenant.acompteDifference,
          demande: demande?.numero ?? null,
        },
      },
      trx
    )
    return { avenant, demande, sansDemande }
  })
  try {
    await attachAvenantPdf(result.avenant, input.userId)
  } catch (error) {
    // The signature stands; the PDF stays available from the page (built on demand)
    logger.error({ err: error, avenant: result.avenant.id }, 'avenant PDF not attached')
  }
  return result
}

/**
 * The demande de paiement of a positive acompte difference, in the signature's transaction:
 * to the company's account, numbered DP-, its own structured communication. When the company
 * has no IBAN or the withdrawal rule forbids asking now, none is made and the reason is given
 * (the signature stands; staff asks it from the bdc page later).
 */
async function demandeForAvenant(
  trx: TransactionClientContract,
  avenant: Avenant,
  userId: number | null
): Promise<{ demande: DemandePaiement | null; refus: string | null }> {
  const bdc = await Bdc.query({ client: trx }).where('id', avenant.bdcId).firstOrFail()
  let societe
  try {
    societe = await beneficiaireSociete()
  } catch (error) {
    return { demande: null, refus: (error as Error).message }
  }
  const bloque = await paiementBloquePour(bdc, societe, trx)
  if (bloque) return { demande: null, refus: bloque }
  const numero = await nextNumero(trx, 'demande_paiement')
  const now = DateTime.now()
  const demande = await DemandePaiement.create(
    {
      numero,
      publicId: randomUUID(),
      bdcId: bdc.id,
      clientId: bdc.clientId,
      objet: `Acompte complémentaire de l’avenant ${avenant.numero} — ${bdc.objet}`.slice(0, 200),
      montant: avenant.acompteDifference,
      beneficiaire: societe.nom.slice(0, 70),
      iban: societe.iban!,
      bic: societe.bic,
      communication: communicationFor(numero),
      statut: 'envoyee',
      email: null,
      envoyeeLe: now,
      lienExpireLe: now.plus({ days: DEMANDE_PAIEMENT_LIEN_JOURS }),
      createdBy: userId,
    },
    { client: trx }
  )
  await audit(
    null,
    {
      action: 'demande_paiement.creee',
      userId,
      subjectType: 'demande_paiement',
      subjectId: demande.id,
      after: { numero, bdc: bdc.numero, avenant: avenant.numero, montant: demande.montant },
    },
    trx
  )
  return { demande, refus: null }
}

/** Cancels an open avenant (motif required, audited); the step stays as it is. */
export async function annulerAvenant(
  actor: Actor,
  input: {
    commandeId: number
    avenantId: number
    lockVersion: number
    motif: string
    userId: number | null
  }
): Promise<Avenant> {
  return db.transaction(async (trx) => {
    await lockCommande(trx, input.commandeId)
    const avenant = await lockAvenant(trx, input.commandeId, input.avenantId, input.lockVersion)
    enforce(avenantMachine, 'annuler', {
      statut: avenant.statut,
      numero: avenant.numero,
      motif: input.motif,
    })
    const before = avenant.statut
    avenant.merge({
      statut: 'annule',
      motifAnnulation: input.motif,
      lockVersion: avenant.lockVersion + 1,
    })
    avenant.useTransaction(trx)
    await avenant.save()
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'mesurage',
      userId: input.userId,
      action: 'avenant',
      de: before,
      vers: 'annule',
      detail: `Avenant ${avenant.numero} annulé : ${input.motif}`,
    })
    await audit(
      actor,
      {
        action: 'avenant.annule',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: input.commandeId,
        before: { avenant: avenant.numero, statut: before },
        after: { statut: 'annule', motif: input.motif },
      },
      trx
    )
    return avenant
  })
}

/**
 * « Accepter les écarts sans avenant »: the mesurage step done with the motif (history +
 * audit); an open avenant is cancelled with the same motif. Refused without écart to accept.
 */
export async function accepterEcarts(
  actor: Actor,
  input: { commandeId: number; motif: string; userId: number | null }
): Promise<void> {
  const motif = input.motif.trim()
  if (!motif) refuse(AVENANT_MESSAGES.motifEcarts)
  await db.transaction(async (trx) => {
    const commande = await lockCommande(trx, input.commandeId)
    const etape = await trx
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'mesurage' })
      .first()
    const refusal = prepareRefusal(await ecartsOf(commande.id, trx), etape?.statut)
    if (refusal) refuse(refusal.replace('pas d’avenant à préparer', 'rien à accepter'))
    const open = await Avenant.query({ client: trx })
      .where('commande_id', commande.id)
      .whereIn('statut', [...AVENANT_OPEN])
      .forUpdate()
      .first()
    if (open) {
      open.merge({
        statut: 'annule' as AvenantStatut,
        motifAnnulation: `Écarts acceptés sans avenant : ${motif}`,
        lockVersion: open.lockVersion + 1,
      })
      open.useTransaction(trx)
      await open.save()
    }
    await historique(trx, {
      commandeId: commande.id,
      etape: 'mesurage',
      userId: input.userId,
      action: 'ecarts_acceptes',
      detail: `Écarts acceptés sans avenant : ${motif}`,
    })
    await setEtapeStatut(
      trx,
      actor,
      commande.id,
      'mesurage',
      'faite',
      `Écarts acceptés sans avenant : ${motif}`
    )
    await audit(
      actor,
      {
        action: 'commande.ecarts_acceptes',
        userId: input.userId,
        subjectType: 'commande',
        subjectId: commande.id,
        after: { motif, avenant_annule: open?.numero ?? null },
      },
      trx
    )
  })
}

// ── The PDF attached when signed ─────────────────────────────────────────────────────────────

/** Renders the signed avenant's PDF and keeps it as a document of the commande (mesurage). */
export async function attachAvenantPdf(avenant: Avenant, userId: number | null): Promise<void> {
  const { avenantPdf } = await import('#services/pdf/avenant_loader')
  const { storeAvenantDocument } = await import('#services/avenants/avenant_document')
  const pdf = await avenantPdf(avenant.id)
  const fichierId = await storeAvenantDocument({
    commandeId: avenant.commandeId,
    bytes: pdf.content,
    nomOriginal: pdf.filename,
    auteurId: userId,
  })
  await db.from('avenants').where('id', avenant.id).update({ fichier_id: fichierId })
  avenant.fichierId = fichierId
}
