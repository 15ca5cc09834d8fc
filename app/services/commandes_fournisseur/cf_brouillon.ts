// Supplier order drafts: « Préparer » one per supplier from the validated sheet, edit, delete.
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import { historique } from '#services/commandes/etapes'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { fromMilli, ligneTotal, toMilli } from '#shared/commandes_fournisseur'
import { rowsToOrder, type SansFournisseur } from '#services/commandes_fournisseur/cf_a_commander'
import { checkLock, label, lockCf } from '#services/commandes_fournisseur/cf_guards'

type Trx = TransactionClientContract

async function recomputeTotal(trx: Trx, cfId: number) {
  await trx.rawQuery(
    `UPDATE commandes_fournisseur SET total_ht = coalesce(
       (SELECT sum(total) FROM commande_fournisseur_lignes WHERE commande_fournisseur_id = ?), 0),
       updated_at = now() WHERE id = ?`,
    [cfId, cfId]
  )
}

/**
 * « Préparer les commandes fournisseur »: one draft per supplier from the validated sheet.
 * Refused (422, the gate's reason) while the approvisionnement gate is closed.
 */
export async function prepareCommandesFournisseur(actor: Actor, commandeId: number) {
  return db.transaction(async (trx) => {
    const commande = await trx.from('commandes').where('id', commandeId).forUpdate().first()
    if (!commande) throw new NotFoundException()
    refuseSiTerminee(commande.statut)
    await assertEtapeGate(trx, commandeId, 'approvisionnement')
    const mesure = await trx.from('mesures').where('commande_id', commandeId).first()
    if (!mesure || mesure.statut !== 'validee') {
      throw new TransitionException('La fiche de mesurage de cette commande n’est pas validée.')
    }
    const bdc = await trx.from('bdcs').where('id', commande.bdc_id).first()
    const rows = await rowsToOrder(trx, commandeId)
    const sansFournisseur: SansFournisseur[] = rows
      .filter((r) => r.fournisseur_id === null)
      .map((r) => ({
        mesure_ligne_id: r.mesure_ligne_id,
        designation: r.designation,
        quantite: r.quantite,
      }))
    const groups = new Map<number, typeof rows>()
    for (const r of rows) {
      if (r.fournisseur_id === null) continue
      groups.set(r.fournisseur_id, [...(groups.get(r.fournisseur_id) ?? []), r])
    }
    const created: number[] = []
    let lignes = 0
    for (const [fournisseurId, group] of groups) {
      let draft = await trx
        .from('commandes_fournisseur')
        .where({ commande_id: commandeId, fournisseur_id: fournisseurId, statut: 'brouillon' })
        .forUpdate()
        .first()
      if (!draft) {
        ;[draft] = await trx
          .table('commandes_fournisseur')
          .insert({
            commande_id: commandeId,
            fournisseur_id: fournisseurId,
            statut: 'brouillon',
            adresse_livraison: bdc?.adresse_chantier ?? null,
            created_by: actor.user?.id ?? null,
          })
          .returning('*')
        created.push(draft.id)
      }
      const last = await trx
        .from('commande_fournisseur_lignes')
        .where('commande_fournisseur_id', draft.id)
        .max('position as p')
        .first()
      let position = Number(last?.p ?? 0)
      await trx.table('commande_fournisseur_lignes').insert(
        group.map((r) => ({
          commande_fournisseur_id: draft.id,
          position: ++position,
          mesure_ligne_id: r.mesure_ligne_id,
          produit_id: r.produit_id,
          reference: r.reference,
          designation: r.designation,
          unite: r.unite,
          quantite: r.quantite,
          prix_achat: r.prix_achat,
          total: ligneTotal(r.quantite, r.prix_achat),
        }))
      )
      lignes += group.length
      await recomputeTotal(trx, draft.id)
    }
    if (lignes) {
      await historique(trx, {
        commandeId,
        etape: 'approvisionnement',
        userId: actor.user?.id ?? null,
        action: 'preparation',
        detail: `${lignes} ligne(s) en ${groups.size} commande(s) fournisseur`,
      })
      await audit(
        actor,
        {
          action: 'commande_fournisseur.preparee',
          subjectType: 'commande',
          subjectId: commandeId,
          after: { brouillons: created, lignes },
        },
        trx
      )
    }
    return { created: created.length, lignes, fournisseurs: groups.size, sansFournisseur }
  })
}

export type BrouillonInput = {
  lockVersion: number
  remarques: string | null
  lignes: { id: number; quantite: string | number; prix_achat: number }[]
}

/** A draft's quantities, purchase prices and remarks (only a draft changes). */
export async function updateBrouillon(actor: Actor, cfId: number, input: BrouillonInput) {
  return db.transaction(async (trx) => {
    const cf = await lockCf(trx, cfId)
    checkLock(cf, input.lockVersion)
    if (cf.statut !== 'brouillon') {
      throw new TransitionException(`${label(cf)} est envoyée : elle ne se modifie plus.`)
    }
    const rows = await trx
      .from('commande_fournisseur_lignes')
      .where('commande_fournisseur_id', cfId)
      .select('id')
    const ids = new Set(rows.map((r) => Number(r.id)))
    for (const l of input.lignes) {
      if (!ids.has(l.id)) {
        throw new TransitionException('Une ligne modifiée n’appartient pas à ce brouillon.')
      }
      await trx
        .from('commande_fournisseur_lignes')
        .where('id', l.id)
        .update({
          quantite: fromMilli(toMilli(l.quantite)),
          prix_achat: l.prix_achat,
          total: ligneTotal(l.quantite, l.prix_achat),
        })
    }
    await trx
      .from('commandes_fournisseur')
      .where('id', cfId)
      .update({ remarques: input.remarques, lock_version: cf.lock_version + 1 })
    await recomputeTotal(trx, cfId)
    await audit(
      actor,
      {
        action: 'commande_fournisseur.modifiee',
        subjectType: 'commande_fournisseur',
        subjectId: cfId,
        after: { lignes: input.lignes },
      },
      trx
    )
  })
}

/** A draft removed (its rows go back to « à commander »). */
export async function deleteBrouillon(actor: Actor, cfId: number, lockVersion: number) {
  return db.transaction(async (trx) => {
    const cf = await lockCf(trx, cfId)
    checkLock(cf, lockVersion)
    if (cf.statut !== 'brouillon') {
      throw new TransitionException(`${label(cf)} est envoyée : elle ne se supprime pas.`)
    }
    await trx.from('commandes_fournisseur').where('id', cfId).delete()
    await audit(
      actor,
      {
        action: 'commande_fournisseur.supprimee',
        subjectType: 'commande',
        subjectId: cf.commande_id,
        before: { id: cfId, fournisseur_id: cf.fournisseur_id },
      },
      trx
    )
    return cf
  })
}
