// Supplier orders and their commande: its steps follow the orders, its cancellation stops them.
/*
 * Issue 12 §3–4: supplier orders and their receipts — every write (decisions 350–358).
 * - « Préparer » reads the validated measurement sheet and makes one draft per supplier (the
 *   product's fournisseur), behind the approvisionnement gate; rows without a supplier are
 *   reported, not ordered; run twice it adds nothing (the commande row is locked, rows already
 *   on a live order are skipped, one draft per supplier by a partial unique index).
 * - « Envoyer » numbers the draft CF-YYYY-NNNNN in the sending transaction (gapless) and mails
 *   the PDF after the commit; « Confirmer » records the supplier's delivery date.
 * - A receipt records what arrived per line (shared/commandes_fournisseur.ts applyReception).
 * - The approvisionnement and fourniture steps follow the orders (setEtapeStatut, the contract).
 * - stopCommandesFournisseur is the hook of a cancelled or withdrawn commande.
 * Guards: cf_guards.ts; drafts: cf_brouillon.ts; sending and confirming: cf_envoi.ts;
 * receipts: cf_reception.ts.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { historique, setEtapeStatut } from '#services/commandes/etapes'
import {
  approvisionnementStatut,
  fournitureStatut,
  type CfStatut,
} from '#shared/commandes_fournisseur'

type Trx = TransactionClientContract

/** approvisionnement and fourniture follow the commande's orders (the contract of issue 12). */
export async function syncEtapes(trx: Trx, actor: Actor | null, commandeId: number) {
  const cfs = await trx
    .from('commandes_fournisseur')
    .where('commande_id', commandeId)
    .select('statut')
  const statuts = cfs.map((r) => r.statut as CfStatut)
  const receipt = await trx.from('livraisons').where('commande_id', commandeId).first()
  const appro = approvisionnementStatut(statuts)
  const fourn = fournitureStatut(statuts, Boolean(receipt))
  const steps = await trx
    .from('commande_etapes')
    .where('commande_id', commandeId)
    .whereIn('etape', ['approvisionnement', 'fourniture'])
    .select('etape', 'statut')
  const etapes = Object.fromEntries(steps.map((r) => [r.etape, r.statut]))
  // A step set by hand (planifiée, bloquée, sans objet) moves only when the orders say more
  const moves: ['approvisionnement' | 'fourniture', string, string][] = [
    ['approvisionnement', etapes.approvisionnement, appro],
    ['fourniture', etapes.fourniture, fourn],
  ]
  let fournitureFaite = false
  for (const [etape, from, to] of moves) {
    if (from === to || to === 'a_faire') continue
    if (etape === 'fourniture' && to === 'faite') fournitureFaite = true
    await setEtapeStatut(trx, actor, commandeId, etape, to as 'en_cours' | 'faite')
  }
  return { fournitureFaite }
}

export type CommandeFournisseurStoppee = {
  id: number
  numero: string
  fournisseur: string
  total_ht: number
  statut_avant: CfStatut
}

/**
 * The hook of a cancelled or withdrawn commande (called by the cancellation flow in the same
 * transaction): drafts are cancelled, sent orders not yet wholly received are marked « annulée »
 * (a history row each: the supplier must be told — the list returned says which); orders
 * already received stay. Returns what had been sent (numero, supplier, total), received ones
 * included, for the confirmation message.
 */
export async function stopCommandesFournisseur(
  trx: Trx,
  commandeId: number,
  motif: string,
  actor: Actor | null = null
): Promise<CommandeFournisseurStoppee[]> {
  const rows = await trx
    .from('commandes_fournisseur as cf')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .where('cf.commande_id', commandeId)
    .whereNot('cf.statut', 'annulee')
    .orderBy('cf.id')
    .forUpdate()
    .select('cf.id', 'cf.numero', 'cf.statut', 'cf.total_ht', 'cf.lock_version', 's.nom')
  const sent: CommandeFournisseurStoppee[] = []
  for (const r of rows) {
    if (r.statut !== 'brouillon') {
      sent.push({
        id: r.id,
        numero: r.numero,
        fournisseur: r.nom,
        total_ht: Number(r.total_ht),
        statut_avant: r.statut,
      })
    }
    if (r.statut === 'recue') continue
    await trx
      .from('commandes_fournisseur')
      .where('id', r.id)
      .update({
        statut: 'annulee',
        annulee_le: new Date(),
        motif_annulation: motif,
        lock_version: r.lock_version + 1,
        updated_at: new Date(),
      })
    await historique(trx, {
      commandeId,
      etape: 'approvisionnement',
      userId: actor?.user?.id ?? null,
      action: 'commande_fournisseur',
      de: r.statut,
      vers: 'annulee',
      detail:
        r.statut === 'brouillon'
          ? `Brouillon pour ${r.nom} annulé : ${motif}`
          : `${r.numero} (${r.nom}) annulée : ${motif} — prévenir le fournisseur`,
    })
  }
  if (rows.length) {
    await audit(
      actor,
      {
        action: 'commande_fournisseur.stoppees',
        subjectType: 'commande',
        subjectId: commandeId,
        after: { motif, envoyees: sent.map((s) => s.numero) },
      },
      trx
    )
  }
  return sent
}
