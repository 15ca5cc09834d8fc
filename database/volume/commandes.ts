/*
 * Volume commandes for the bench (issue 12 §6: the commandes list at 20 000 commandes): a signed
 * bdc per volume devis without one, and its commande, built by PostgreSQL (one INSERT … SELECT
 * each), deterministic from the devis id. Where each stands is spread over the steps, a tenth
 * late (a planned end in the past); the steps themselves are made by the insert trigger. The
 * list reads the commande's row only. Numbers « BDC-YYYY-V… » / « CMD-YYYY-V… » never meet the
 * real series.
 */
import db from '@adonisjs/lucid/services/db'

export async function topUpCommandes(
  target: number,
  log: (message: string) => void
): Promise<void> {
  const [{ n }] = await db.from('commandes').whereLike('numero', 'CMD-____-V%').count('* as n')
  const existing = Number(n)
  if (existing >= target) {
    log(`Commandes : ${existing} de volume déjà présentes (≥ ${target}), rien à ajouter`)
    return
  }
  await db.transaction(async (trx) => {
    const bdcs = await trx.rawQuery(
      `INSERT INTO bdcs (numero, devis_id, devis_revision, client_id, client_nom, commercial_id,
         objet, remise_globale_pct, total_ht, total_tva, total_ttc, tva_detail, acompte_pct,
         acompte, statut, signe_le, lieu_signature, renonciation_retractation, lock_version,
         created_at, updated_at)
       SELECT 'BDC-' || extract(year FROM d.date_devis) || '-V' || lpad(d.id::text, 7, '0'),
         d.id, d.revision, d.client_id, d.client_nom, d.commercial_id, d.objet,
         d.remise_globale_pct, d.total_ht, d.total_tva, d.total_ttc, d.tva_detail, d.acompte_pct,
         d.acompte, 'signe', d.date_devis + 7, 'etablissement', false, 2, d.created_at, now()
       FROM devis d
       WHERE d.numero LIKE 'DEV-____-V%'
         AND NOT EXISTS (SELECT 1 FROM bdcs b WHERE b.devis_id = d.id)
       ORDER BY d.id
       LIMIT ?
       RETURNING id`,
      [target - existing]
    )
    log(`Commandes : ${bdcs.rows.length} bons de commande de volume signés`)
    await trx.rawQuery(
      `INSERT INTO commandes (numero, bdc_id, client_id, client_nom, chef_projet_id, objet,
         total_ttc, statut, etape_courante, etape_courante_statut, prochaine_echeance,
         created_at, updated_at)
       SELECT 'CMD-' || extract(year FROM b.signe_le) || '-V' || lpad(b.id::text, 7, '0'),
         b.id, b.client_id, b.client_nom, b.commercial_id, b.objet, b.total_ttc,
         CASE WHEN b.id % 10 = 0 THEN 'terminee' WHEN b.id % 23 = 0 THEN 'annulee'
           WHEN b.id % 7 = 0 THEN 'en_attente' ELSE 'en_cours' END,
         s.etape, s.statut,
         CASE WHEN b.id % 10 = 0 OR b.id % 23 = 0 THEN NULL
           WHEN b.id % 10 = 3 THEN current_date - (b.id % 40)::int
           WHEN b.id % 3 = 0 THEN NULL
           ELSE current_date + (b.id % 60)::int END,
         b.signe_le, now()
       FROM bdcs b,
         LATERAL (SELECT (ARRAY['acompte','mesurage','approvisionnement','fourniture','pose',
             'solde'])[1 + b.id % 6] AS etape,
           (ARRAY['a_faire','planifiee','en_cours','bloquee'])[1 + b.id % 4] AS statut) s
       WHERE b.numero LIKE 'BDC-____-V%'
         AND NOT EXISTS (SELECT 1 FROM commandes c WHERE c.bdc_id = b.id)`
    )
  })
  await db.rawQuery('ANALYZE commandes')
  await db.rawQuery('ANALYZE commande_etapes')
}
