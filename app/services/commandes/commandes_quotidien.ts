/*
 * The morning pass of the commandes (issue 12 §1, §6, decision 306), run with the relances at
 * RELANCES_HEURE (start/relances.ts) or by `node ace commandes:quotidien`: the withdrawal periods
 * that ended are brought to « faite » (which tells the chef de projet the gate opened), and each
 * step past its planned end and not done is told once to its chef de projet and owner (again
 * only if its planned end moves). An advisory lock keeps two runs from doing it twice at once.
 */
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { refreshAutoEtapes } from '#services/commandes/etapes_auto'
import { notify } from '#services/events'
import { todayIso } from '#shared/dates'
import { ETAPE_LABELS, type Etape } from '#shared/commande_etapes'

const LOCK_KEY = 11_540_012

export async function passeQuotidienneCommandes(
  today = todayIso()
): Promise<{ ran: boolean; retractations: number; retards: number }> {
  return db.transaction(async (trx) => {
    const lock = await trx.rawQuery('SELECT pg_try_advisory_xact_lock(?) AS locked', [LOCK_KEY])
    if (!lock.rows[0]?.locked) return { ran: false, retractations: 0, retards: 0 }
    // Withdrawal periods over, their step still running
    const finies = await trx
      .from('commandes as c')
      .join('bdcs as b', 'b.id', 'c.bdc_id')
      .join('commande_etapes as e', (j) =>
        j.on('e.commande_id', 'c.id').andOnVal('e.etape', 'retractation')
      )
      .whereIn('c.statut', ['en_attente', 'en_cours'])
      .whereNotNull('b.fin_retractation')
      .where('b.fin_retractation', '<', today)
      .whereNotIn('e.statut', ['faite', 'sans_objet'])
      .orderBy('c.id')
      .select('c.id')
    for (const row of finies) await refreshAutoEtapes(trx, Number(row.id))

    // Steps late and not yet told for this planned end
    const late = await trx
      .from('commande_etapes as e')
      .join('commandes as c', 'c.id', 'e.commande_id')
      .whereIn('c.statut', ['en_attente', 'en_cours'])
      .whereNotIn('e.statut', ['faite', 'sans_objet'])
      .whereNotNull('e.prevue_fin')
      .whereRaw(`(e.prevue_fin AT TIME ZONE 'Europe/Brussels')::date < ?`, [today])
      .whereNull('e.retard_notifie_le')
      .orderBy('e.id')
      .limit(500)
      .select(
        'e.id',
        'e.etape',
        'e.responsable_id',
        'c.id as commande_id',
        'c.numero',
        'c.client_nom',
        'c.chef_projet_id'
      )
    for (const row of late) {
      await notify(trx, {
        userIds: [row.chef_projet_id, row.responsable_id],
        type: 'commande.retard',
        titre: `Commande ${row.numero} (${row.client_nom}) : l’étape « ${ETAPE_LABELS[row.etape as Etape]} » est en retard`,
        lien: urlFor('esi.commandes.show', { id: row.commande_id }),
        icon: 'bi bi-alarm',
      })
    }
    if (late.length) {
      await trx
        .from('commande_etapes')
        .whereIn(
          'id',
          late.map((r) => r.id)
        )
        .update({ retard_notifie_le: today })
    }
    return { ran: true, retractations: finies.length, retards: late.length }
  })
}
