/*
 * The morning proposals (decisions 250–251): the relances due today, computed live for the page,
 * and the daily run that records them once per day and tells the staff — « N relances à
 * envoyer », and « facture en retard » once per facture that became overdue. The run takes a
 * PostgreSQL advisory lock and inserts the day's row first: a second process, a restart or the
 * cron calling it again finds the row and does nothing.
 */
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { notify } from '#services/events'
import { RESTE_SQL } from '#services/factures/reste'
import { addDays, todayIso } from '#shared/dates'
import { formatEuros } from '#shared/totals'
import {
  RELANCE_DELAIS,
  joursDeRetard,
  prochaineRelance,
  type RelanceFait,
  type RelanceNiveau,
  type RelanceProposition,
} from '#shared/relances'

/** Any constant of ours: the key of the daily run's advisory lock. */
const LOCK_KEY = 11_540_001

/** Beyond this many factures newly overdue, one summary notification instead of one each. */
const RETARD_NOTIFICATIONS_MAX = 10

const isoDay = (value: unknown) =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : String(value).slice(0, 10)

/** The relances due on `today`, the oldest due date first. */
export async function relancePropositions(
  today = todayIso(),
  trx?: TransactionClientContract
): Promise<RelanceProposition[]> {
  const client = trx ?? db
  const rows = await client
    .from('factures')
    .join('clients', 'clients.id_client', 'factures.client_id')
    .whereNotNull('factures.numero')
    .whereIn('factures.statut', ['emise', 'partiellement_payee'])
    .whereRaw(`${RESTE_SQL} > 0`)
    // Not even level 1 is due before the due date + its delay
    .where('factures.echeance', '<=', addDays(today, -RELANCE_DELAIS[1]))
    .orderBy('factures.echeance')
    .orderBy('factures.id')
    .select(
      'factures.id',
      'factures.numero',
      'factures.client_nom',
      'factures.echeance',
      'factures.statut',
      'factures.total_ttc',
      'factures.montant_paye',
      'factures.montant_credite',
      'clients.email as client_email',
      db.raw(`coalesce((factures.parties_snapshot->>'client_professionnel')::boolean,
        clients.type = 'professionnel') as professionnel`),
      db.raw(`coalesce((select json_agg(json_build_object('niveau', r.niveau, 'date', r.date_relance))
        from relances r where r.facture_id = factures.id), '[]'::json) as faites`)
    )
  const out: RelanceProposition[] = []
  for (const r of rows) {
    const facture = {
      statut: r.statut,
      numero: r.numero,
      echeance: isoDay(r.echeance),
      total_ttc: Number(r.total_ttc),
      montant_paye: Number(r.montant_paye),
      montant_credite: Number(r.montant_credite),
    }
    const faites: RelanceFait[] = (r.faites as { niveau: number; date: string }[]).map((f) => ({
      niveau: Number(f.niveau) as RelanceNiveau,
      date: String(f.date).slice(0, 10),
    }))
    const next = prochaineRelance(facture, faites, today)
    if (!next?.due) continue
    out.push({
      facture_id: Number(r.id),
      numero: r.numero,
      client_nom: r.client_nom,
      client_email: r.client_email ?? null,
      professionnel: Boolean(r.professionnel),
      echeance: facture.echeance,
      jours_retard: joursDeRetard(facture.echeance, today),
      reste: facture.total_ttc - facture.montant_paye - facture.montant_credite,
      niveau: next.niveau,
      due_le: next.due_le,
    })
  }
  return out
}

async function staffIds(trx: TransactionClientContract): Promise<number[]> {
  const rows = await trx.from('users').where('role', 'esi').orderBy('id').select('id')
  return rows.map((r) => Number(r.id))
}

export type ProposerResult =
  { ran: false; reason: 'verrou' | 'deja_fait' } | { ran: true; nombre: number; enRetard: number }

/** The daily run for `today`: once per day whoever calls it (timer, cron, a second process). */
export async function proposerRelances(today = todayIso()): Promise<ProposerResult> {
  return db.transaction(async (trx) => {
    const lock = await trx.rawQuery('SELECT pg_try_advisory_xact_lock(?) AS locked', [LOCK_KEY])
    if (!lock.rows[0]?.locked) return { ran: false, reason: 'verrou' } as const
    const claimed = await trx.rawQuery(
      `INSERT INTO relance_propositions (jour, nombre, propositions, created_at)
       VALUES (?, 0, '[]'::jsonb, now()) ON CONFLICT (jour) DO NOTHING RETURNING jour`,
      [today]
    )
    if (!claimed.rows.length) return { ran: false, reason: 'deja_fait' } as const
    // The day's housekeeping: the créances' figures per due date folded into one row per date
    await trx.rawQuery('SELECT creance_echeances_compact()')

    const propositions = await relancePropositions(today, trx)
    const staff = await staffIds(trx)
    if (propositions.length) {
      const n = propositions.length
      await notify(trx, {
        userIds: staff,
        type: 'relances.proposees',
        titre: `${n} relance${n > 1 ? 's' : ''} à envoyer`,
        lien: urlFor('esi.compta.relances'),
        icon: 'bi bi-envelope-exclamation',
      })
    }

    // Overdue since yesterday or earlier, and never announced: each facture once
    const overdue = await trx.rawQuery(
      `INSERT INTO factures_retard_notifiees (facture_id, notifiee_le)
       SELECT factures.id, now() FROM factures
        WHERE factures.numero IS NOT NULL
          AND factures.statut IN ('emise', 'partiellement_payee')
          AND factures.echeance < ?
          AND ${RESTE_SQL} > 0
       ON CONFLICT (facture_id) DO NOTHING
       RETURNING facture_id`,
      [today]
    )
    const ids = overdue.rows.map((r: { facture_id: number }) => Number(r.facture_id))
    if (ids.length > RETARD_NOTIFICATIONS_MAX) {
      await notify(trx, {
        userIds: staff,
        type: 'facture.en_retard',
        titre: `${ids.length} factures en retard de paiement`,
        lien: `${urlFor('esi.compta.creance')}?filter[retard]=1`,
        icon: 'bi bi-exclamation-triangle',
      })
    } else if (ids.length) {
      const factures = await trx
        .from('factures')
        .whereIn('id', ids)
        .orderBy('id')
        .select('id', 'numero', 'client_nom', 'total_ttc', 'montant_paye', 'montant_credite')
      for (const f of factures) {
        const reste = Number(f.total_ttc) - Number(f.montant_paye) - Number(f.montant_credite)
        await notify(trx, {
          userIds: staff,
          type: 'facture.en_retard',
          titre: `Facture ${f.numero} en retard (${f.client_nom}, ${formatEuros(reste)})`,
          lien: urlFor('esi.factures.show', { id: f.id }),
          icon: 'bi bi-exclamation-triangle',
        })
      }
    }

    await trx
      .from('relance_propositions')
      .where('jour', today)
      .update({
        nombre: propositions.length,
        propositions: JSON.stringify(
          propositions.map((p) => ({ facture_id: p.facture_id, niveau: p.niveau }))
        ),
        factures_en_retard: ids.length,
      })
    return { ran: true, nombre: propositions.length, enRetard: ids.length } as const
  })
}
