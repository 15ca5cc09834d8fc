/*
 * The factures of a commande beyond its acompte (issue 11 §1, decisions 229–231): an
 * intermédiaire (a % of the commande split per VAT rate like the acompte) and the solde (the
 * bdc's lines less every acompte and intermédiaire issued). Both run under the bdc's row lock
 * with the version the page saw, and raise it, so a double submit makes one draft.
 */
import { factureRow } from '#services/factures/facture_rows'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import Commande from '#models/commande'
import Facture from '#models/facture'
import { audit } from '#services/audit'
import { lockBdcForUpdate } from '#services/bdc/bdc_service'
import { writeLignes } from '#services/factures/facture_service'
import { splitLignes } from '#services/factures/acompte_lignes'
import { soldeLignes, soldeRestant, soldeSource } from '#services/factures/solde_lignes'
import { commandeBalance } from '#services/factures/commande_balance'
import { AppException } from '#exceptions/http_exceptions'
import { assertSoldeGate } from '#services/commandes/etapes'
import {
  intermediaireDesignation,
  type CommandeFacturation,
  type LigneFacturable,
} from '#shared/factures'
import { creditableQuantities, milliToText, quantiteMilli } from '#shared/notes_credit'
import type { LigneData } from '#shared/devis'
import { formatEuros, pctBasisPoints, divRound } from '#shared/totals'
import { facturableOf } from '#services/avenants/avenant_queries'
import { refuseSiTerminee } from '#services/commandes/commande_terminee'

/** Every facture of a bdc not cancelled, oldest first (acompte, intermédiaires, solde). */
function facturesOf(bdcId: number, trx?: TransactionClientContract) {
  return Facture.query({ client: trx })
    .where('bdc_id', bdcId)
    .whereNot('statut', 'annulee')
    .orderBy('id', 'asc')
}

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

/** The commande page's « Facturation » block. */
export async function commandeFacturation(commande: Commande): Promise<CommandeFacturation> {
  const bdc = await Bdc.findOrFail(commande.bdcId)
  const factures = await Facture.query().where('bdc_id', bdc.id).orderBy('id', 'asc')
  const live = factures.filter((f) => f.statut !== 'annulee')
  // The last signed avenant's total when there is one (decision 392)
  const resteAFacturer = soldeRestant(await facturableOf(bdc), live)
  return {
    bdc_id: bdc.id,
    bdc_lock_version: bdc.lockVersion,
    factures: factures.map(factureRow),
    reste_a_facturer: resteAFacturer,
    solde_possible: resteAFacturer > 0 && !live.some((f) => f.type === 'solde'),
    balance: await commandeBalance(bdc.id),
    lignes_facturables: await lignesFacturables(bdc.id),
    remise_globale_pct: String(bdc.remiseGlobalePct ?? '0'),
  }
}

/**
 * What of each bdc product line is still to invoice by « lignes choisies » (thousandths): its
 * quantity less the lines of such factures not cancelled, drafts included (a draft reserves).
 */
async function lignesRestantes(bdcId: number, trx?: TransactionClientContract) {
  const lignes = await BdcLigne.query({ client: trx })
    .where('bdc_id', bdcId)
    .where('type', 'produit')
    .orderBy('position', 'asc')
  const taken = await (trx ?? db)
    .from('facture_lignes as fl')
    .join('factures as f', 'f.id', 'fl.facture_id')
    .where('f.bdc_id', bdcId)
    .whereNot('f.statut', 'annulee')
    .whereNotNull('fl.bdc_ligne_id')
    .select('fl.bdc_ligne_id', 'fl.quantite')
  // The notes de crédit's rule, per bdc line instead of per facture line
  const left = creditableQuantities(
    lignes.map((l) => ({ id: Number(l.id), type: l.type, quantite: l.quantite })),
    taken.map((t) => ({ facture_ligne_id: Number(t.bdc_ligne_id), quantite: t.quantite }))
  )
  return { lignes, left }
}

async function lignesFacturables(bdcId: number): Promise<LigneFacturable[]> {
  const { lignes, left } = await lignesRestantes(bdcId)
  return lignes.map((l) => ({
    id: Number(l.id),
    designation: l.designation,
    unite: l.unite,
    quantite: milliToDecimal(quantiteMilli(l.quantite)),
    restante: milliToDecimal(left.get(Number(l.id)) ?? 0n),
    prix_unitaire_ht: l.prixUnitaireHt ?? 0,
    remise_pct: String(l.remisePct ?? '0'),
    taux_tva: l.tauxTva ?? 0,
  }))
}

/** Thousandths → « 2.500 » (what a numeric(12,3) column and the totals read). */
const milliToDecimal = (milli: bigint) => (Number(milli) / 1000).toFixed(3)

type CommandeInput = { commandeId: number; lockVersion: number; userId: number | null }

async function lockedCommande(trx: TransactionClientContract, input: CommandeInput) {
  const commande = await Commande.query({ client: trx }).where('id', input.commandeId).firstOrFail()
  const bdc = await lockBdcForUpdate(trx, commande.bdcId, input.lockVersion)
  if (bdc.statut !== 'signe') {
    refuse(`Le bon de commande ${bdc.numero} n’est pas signé : pas de facture.`)
  }
  if (commande.statut === 'annulee') refuse(`La commande ${commande.numero} est annulée.`)
  refuseSiTerminee(commande.statut)
  const factures = await facturesOf(bdc.id, trx)
  const solde = factures.find((f) => f.type === 'solde')
  if (solde) {
    refuse(`La facture de solde de cette commande existe déjà (${solde.numero ?? 'brouillon'}).`)
  }
  bdc.lockVersion += 1
  bdc.useTransaction(trx)
  await bdc.save()
  return { commande, bdc, factures }
}

async function createDraft(
  trx: TransactionClientContract,
  commande: Commande,
  bdc: Bdc,
  type: 'intermediaire' | 'solde',
  userId: number | null
) {
  return Facture.create(
    {
      type,
      bdcId: bdc.id,
      commandeId: commande.id,
      clientId: bdc.clientId,
      clientNom: bdc.clientNom,
      objet: bdc.objet,
      adresseChantier: bdc.adresseChantier,
      remiseGlobalePct: '0',
      statut: 'brouillon',
      createdBy: userId,
    },
    { client: trx }
  )
}

/**
 * A draft facture intermédiaire: `pct` % of the commande's total TTC, split per VAT rate like
 * the acompte. Refused when it asks more than is left to invoice, or once a solde exists.
 */
export async function createIntermediaire(actor: Actor, input: CommandeInput & { pct: string }) {
  return db.transaction(async (trx) => {
    const { commande, bdc, factures } = await lockedCommande(trx, input)
    const facturable = await facturableOf(bdc, trx)
    const amount = Number(
      divRound(BigInt(facturable.totalTtc) * pctBasisPoints(input.pct), 10_000n)
    )
    const reste = soldeRestant(facturable, factures)
    if (amount <= 0) refuse('Le pourcentage donne un montant nul.')
    if (amount > reste) {
      refuse(
        `Il ne reste que ${formatEuros(reste)} à facturer sur cette commande : ${formatEuros(amount)} demandés.`
      )
    }
    const facture = await createDraft(trx, commande, bdc, 'intermediaire', input.userId)
    const lignes = splitLignes(
      intermediaireDesignation(input.pct, bdc.numero),
      amount,
      facturable.tvaDetail
    )
    const totals = await writeLignes(trx, facture, lignes)
    await audit(
      actor,
      {
        action: 'facture.creee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        after: {
          type: 'intermediaire',
          bdc: bdc.numero,
          pct: input.pct,
          total_ttc: totals.total_ttc,
        },
      },
      trx
    )
    return facture
  })
}

export type ChosenLigne = { bdcLigneId: number; quantite: string }

/**
 * A draft facture intermédiaire of chosen bdc lines and quantities: each line copied from the bdc
 * (price, discount, VAT) with the quantity asked, the bdc's global discount as the facture's, and
 * its bdc line remembered. Refused beyond what each line has left to invoice (under the bdc's row
 * lock), beyond what is left to invoice on the commande, or once a solde exists.
 */
export async function createIntermediaireLignes(
  actor: Actor,
  input: CommandeInput & { lignes: ChosenLigne[] }
) {
  return db.transaction(async (trx) => {
    const { commande, bdc, factures } = await lockedCommande(trx, input)
    const asked = input.lignes.filter((l) => quantiteMilli(l.quantite) > 0n)
    if (asked.length === 0) refuse('Choisissez au moins une ligne et sa quantité à facturer.')
    if (new Set(asked.map((l) => l.bdcLigneId)).size !== asked.length) {
      refuse('Une ligne apparaît deux fois dans la facture.')
    }
    const { lignes, left } = await lignesRestantes(bdc.id, trx)
    const chosen = asked.map((a) => {
      const ligne = lignes.find((l) => Number(l.id) === a.bdcLigneId)
      if (!ligne) refuse('Cette ligne n’est pas une ligne de ce bon de commande.')
      const reste = left.get(Number(ligne.id)) ?? 0n
      const quantite = quantiteMilli(a.quantite)
      if (quantite > reste) {
        refuse(
          `La ligne « ${ligne.designation} » n’a plus que ${milliToText(reste)} à facturer : ${milliToText(quantite)} demandés.`
        )
      }
      return { ligne, quantite }
    })
    const facture = await createDraft(trx, commande, bdc, 'intermediaire', input.userId)
    facture.remiseGlobalePct = bdc.remiseGlobalePct ?? '0'
    const data: LigneData[] = [
      {
        type: 'texte',
        produit_id: null,
        designation: `Facture intermédiaire sur le bon de commande ${bdc.numero} : lignes choisies`,
        quantite: null,
        unite: null,
        prix_unitaire_ht: null,
        remise_pct: '0',
        taux_tva: null,
      },
      ...chosen.map(({ ligne, quantite }) => ({
        ...ligne.toData(),
        quantite: milliToDecimal(quantite),
      })),
    ]
    const totals = await writeLignes(trx, facture, data)
    const reste = soldeRestant(await facturableOf(bdc, trx), factures)
    if (totals.total_ttc > reste) {
      refuse(
        `Il ne reste que ${formatEuros(reste)} à facturer sur cette commande : ${formatEuros(totals.total_ttc)} demandés.`
      )
    }
    // Positions follow `data`: the chosen lines start at 2
    for (const [index, { ligne }] of chosen.entries()) {
      await trx
        .from('facture_lignes')
        .where({ facture_id: facture.id, position: index + 2 })
        .update({ bdc_ligne_id: ligne.id })
    }
    await audit(
      actor,
      {
        action: 'facture.creee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        after: {
          type: 'intermediaire',
          bdc: bdc.numero,
          lignes: chosen.map((c) => ({ bdc_ligne: c.ligne.id, quantite: milliToText(c.quantite) })),
          total_ttc: totals.total_ttc,
        },
      },
      trx
    )
    return facture
  })
}

/**
 * The draft facture de solde: the bdc's lines, then every issued acompte and intermédiaire
 * deducted per VAT rate (decision 230). Refused twice, while an earlier facture is still a
 * draft (its amount is not final), and when nothing is left to invoice.
 */
export async function createSolde(
  actor: Actor,
  input: CommandeInput & { forcage?: { motif: string } | null }
) {
  return db.transaction(async (trx) => {
    const { commande, bdc, factures } = await lockedCommande(trx, input)
    // Issue 12: no facture de solde before the réception, unless an admin forces it with a motif
    await assertSoldeGate(trx, actor, commande.id, input.forcage ?? null)
    const draft = factures.find((f) => f.numero === null)
    if (draft) {
      refuse(
        'Une facture de cette commande est encore un brouillon : émettez-la ou supprimez-la avant la facture de solde.'
      )
    }
    // The bdc's lines, or the last signed avenant's: the whole amended document (decision 392)
    const facturable = await facturableOf(bdc, trx)
    const reste = soldeRestant(facturable, factures)
    if (reste <= 0) refuse('Rien ne reste à facturer sur cette commande.')
    const lignes = soldeLignes(
      soldeSource(facturable),
      factures.map((f) => ({
        numero: f.numero as string,
        type: f.type as 'acompte' | 'intermediaire',
        totalTtc: f.totalTtc,
        tvaDetail: f.tvaDetail,
      }))
    )
    const facture = await createDraft(trx, commande, bdc, 'solde', input.userId)
    const totals = await writeLignes(trx, facture, lignes)
    await audit(
      actor,
      {
        action: 'facture.creee',
        userId: input.userId,
        subjectType: 'facture',
        subjectId: facture.id,
        after: {
          type: 'solde',
          bdc: bdc.numero,
          document: facturable.numero,
          total_ttc: totals.total_ttc,
        },
      },
      trx
    )
    return facture
  })
}
