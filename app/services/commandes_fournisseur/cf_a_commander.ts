// The measured rows not yet on a live supplier order, with their product's supplier and price.
import type db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { mesureDesignation } from '#shared/commandes_fournisseur'

type Trx = TransactionClientContract

export type SansFournisseur = { mesure_ligne_id: number; designation: string; quantite: string }

/** The measured rows not yet on a live order, with their product's supplier and price. */
export async function rowsToOrder(client: Trx | typeof db, commandeId: number) {
  const rows = await client
    .from('mesure_lignes as ml')
    .join('mesures as m', 'm.id', 'ml.mesure_id')
    .leftJoin('bdc_lignes as bl', 'bl.id', 'ml.bdc_ligne_id')
    .leftJoin('produits as p', 'p.id', 'bl.produit_id')
    .leftJoin('societes as s', (j) => {
      j.on('s.id', 'p.fournisseur_id').andOnVal('s.type', 'fournisseur')
    })
    .where('m.commande_id', commandeId)
    .where('m.statut', 'validee')
    .whereNotExists((q) => {
      q.from('commande_fournisseur_lignes as l')
        .join('commandes_fournisseur as cf', 'cf.id', 'l.commande_fournisseur_id')
        .whereRaw('l.mesure_ligne_id = ml.id')
        .whereNot('cf.statut', 'annulee')
    })
    .orderBy('ml.position')
    .orderBy('ml.id')
    .select(
      'ml.id',
      'ml.repere',
      'ml.designation',
      'ml.largeur_mm',
      'ml.hauteur_mm',
      'ml.couleur',
      'ml.sens_ouverture',
      'ml.vitrage',
      'ml.quantite',
      'bl.designation as bdc_designation',
      'p.id as produit_id',
      'p.reference',
      'p.libelle',
      'p.unite',
      'p.prix_achat',
      's.id as fournisseur_id'
    )
  return rows.map((r) => ({
    mesure_ligne_id: Number(r.id),
    produit_id: r.produit_id as number | null,
    reference: r.reference as string | null,
    unite: r.unite as string | null,
    fournisseur_id: (r.fournisseur_id as number | null) ?? null,
    prix_achat: Number(r.prix_achat ?? 0),
    quantite: String(r.quantite),
    designation: mesureDesignation(
      (r.libelle as string | null) ?? (r.designation || r.bdc_designation || ''),
      r
    ),
  }))
}
