/*
 * Issue 12 §6, decision 363: the supplier orders late against their confirmed date are told to
 * the commande's chef de projet (else the one who sent the order), once per order and confirmed
 * date. The orders are claimed by one UPDATE … RETURNING, so two runs at once tell each once.
 */
import db from '@adonisjs/lucid/services/db'
import { notify } from '#services/events'
import { CF_ATTENDUES } from '#shared/commandes_fournisseur'
import { formatDate } from '#shared/dates'

export async function notifierCommandesFournisseurEnRetard(today: string): Promise<number> {
  return db.transaction(async (trx) => {
    const claimed = await trx
      .from('commandes_fournisseur')
      .whereIn('statut', [...CF_ATTENDUES])
      .whereNotNull('date_livraison_confirmee')
      .where('date_livraison_confirmee', '<', today)
      .whereNull('retard_notifie_le')
      .update({ retard_notifie_le: today })
      .returning(['id'])
    if (!claimed.length) return 0
    const rows = await trx
      .from('commandes_fournisseur as cf')
      .join('commandes as c', 'c.id', 'cf.commande_id')
      .join('societes as s', 's.id', 'cf.fournisseur_id')
      .whereIn(
        'cf.id',
        claimed.map((r) => r.id)
      )
      .orderBy('cf.id')
      .select(
        'cf.numero',
        'cf.commande_id',
        'cf.envoyee_par',
        'cf.date_livraison_confirmee',
        'c.numero as commande_numero',
        'c.chef_projet_id',
        's.nom as fournisseur'
      )
    for (const r of rows) {
      await notify(trx, {
        userIds: [r.chef_projet_id ?? r.envoyee_par],
        type: 'commande_fournisseur.retard',
        titre: `${r.numero} (${r.fournisseur}) en retard : livraison confirmée le ${formatDate(r.date_livraison_confirmee)} — ${r.commande_numero}`,
        lien: `/esi/commandes/fourniture/${r.commande_id}`,
        icon: 'truck',
      })
    }
    return rows.length
  })
}
