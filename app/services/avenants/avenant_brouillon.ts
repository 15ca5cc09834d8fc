// The avenant draft: « Préparer l'avenant » from the lines in force, saving its lines and figures.
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import Avenant from '#models/avenant'
import Bdc from '#models/bdc'
import { audit } from '#services/audit'
import { historique } from '#services/commandes/etapes'
import { enforce } from '#services/documents/state'
import {
  normaliseLignes,
  replaceLignes,
  totalsOf,
  totalColumnsOf,
} from '#services/documents/lignes'
import {
  AVENANT_MESSAGES,
  AVENANT_OPEN,
  avenantDifference,
  avenantMachine,
  avenantNumero,
} from '#shared/avenants'
import type { Totals } from '#shared/totals'
import { type AvenantLigneData, baseDocument, ecartsOf } from '#services/avenants/avenant_queries'
import {
  lockAvenant,
  lockCommande,
  prepareRefusal,
  refuse,
} from '#services/avenants/avenant_guards'

/** The avenant's lines, each with the bdc line it amends (null: added by the avenant). */
function writeLignes(
  trx: TransactionClientContract,
  avenantId: number,
  lignes: AvenantLigneData[],
  totals: Totals
) {
  return replaceLignes(trx, 'avenant_lignes', 'avenant_id', avenantId, lignes, totals, (l) => ({
    bdc_ligne_id: l.bdc_ligne_id,
  }))
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
