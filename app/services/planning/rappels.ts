/*
 * Issue 13 §5: the reminder email the customer gets the day before a visit (decision 463).
 * - The daily pass (RAPPELS_HEURE, default 17:00 Brussels; `node ace planning:rappels`) finds
 *   tomorrow's planned visits with a client and no reminder yet, and dispatches one
 *   SendRappelVisite job per visit on the queue.
 * - The job (envoyerRappelVisite) inserts the visit's planification_rappels row first
 *   (ON CONFLICT DO NOTHING) in the transaction that writes the visit's history, and sends the
 *   mail after the commit: run twice it sends once; a visit moved after its reminder gets no
 *   second one. A visit moved to another day BEFORE its reminder gets it the day before its new
 *   date (the job checks the visit is still on the day it was dispatched for).
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import RappelVisiteMail from '#mails/rappel_visite_mail'
import { dispatchMail } from '#services/events'
import { companySociete } from '#services/company'
import { renderTexteFor } from '#services/textes'
import { TIME_ZONE } from '#shared/app'
import { NATURE_LABELS, type Nature } from '#shared/planning'
import { contextFrom } from '#shared/textes'

export const RAPPEL_TEXTE_CODE = 'rappel_visite'
export const RAPPELS_HEURE_DEFAUT = '17:00'

/** The Brussels day after `now` (yyyy-mm-dd): the day whose visits get their reminder. */
export function jourDesRappels(now: DateTime = DateTime.now()): string {
  return now.setZone(TIME_ZONE).plus({ days: 1 }).toISODate()!
}

/** [00:00, 24:00) of a Brussels day as instants (23 or 25 hours on a DST change). */
export function bornesDuJour(jour: string): { start: DateTime; end: DateTime } {
  const start = DateTime.fromISO(jour, { zone: TIME_ZONE }).startOf('day')
  return { start, end: start.plus({ days: 1 }) }
}

/** Tomorrow's planned visits that have a client and no reminder yet, in time order. */
export async function visitesARappeler(jour: string): Promise<number[]> {
  const { start, end } = bornesDuJour(jour)
  const rows = await db
    .from('planifications as p')
    .where('p.statut', 'planifiee')
    .whereNotNull('p.client_id')
    .where('p.debut', '>=', start.toJSDate())
    .where('p.debut', '<', end.toJSDate())
    .whereNotExists((q) =>
      q.from('planification_rappels as r').whereRaw('r.planification_id = p.id')
    )
    .orderBy('p.debut')
    .orderBy('p.id')
    .select('p.id')
  return rows.map((r) => Number(r.id))
}

export type RappelPayload = { planificationId: number; jour: string }

/**
 * The pass: one job per visit of tomorrow (the job itself is idempotent, so a pass run twice,
 * from the web process and from a cron, costs a few no-op jobs and no second email).
 */
export async function passeRappels(now: DateTime = DateTime.now()) {
  const jour = jourDesRappels(now)
  const ids = await visitesARappeler(jour)
  if (ids.length) {
    const { default: SendRappelVisite } = await import('#jobs/send_rappel_visite')
    for (const id of ids) {
      await SendRappelVisite.dispatch({ planificationId: id, jour }).run()
    }
  }
  return { jour, visites: ids }
}

export type RappelResultat =
  | { statut: 'envoye'; email: string }
  | { statut: 'echec'; email: string }
  | { statut: 'sans_email' }
  | { statut: 'deja_fait' }
  | { statut: 'ignore'; raison: string }

function frDate(d: DateTime): string {
  const jour = d.setLocale('fr-BE').toFormat('cccc')
  return `${jour} ${d.toFormat('dd/MM/yyyy')}`
}

function plage(debut: DateTime, fin: DateTime): string {
  return debut.hasSame(fin, 'day')
    ? `entre ${debut.toFormat('HH:mm')} et ${fin.toFormat('HH:mm')}`
    : `à partir de ${debut.toFormat('HH:mm')}`
}

async function historique(
  client: { table: (name: string) => any },
  planificationId: number,
  detail: string
) {
  await client.table('planification_historique').insert({
    planification_id: planificationId,
    user_id: null,
    action: 'rappel',
    detail,
    created_at: new Date(),
  })
}

/** The job's work: at most one reminder per visit, its history on the visit. */
export async function envoyerRappelVisite(payload: RappelPayload): Promise<RappelResultat> {
  let resultat: RappelResultat = { statut: 'ignore', raison: 'introuvable' }
  let email: string | null = null
  const delivery = await db.transaction(async (trx) => {
    const row = await trx
      .from('planifications as p')
      .leftJoin('clients as c', 'c.id_client', 'p.client_id')
      .where('p.id', payload.planificationId)
      .forUpdate('p')
      .select(
        'p.id',
        'p.nature',
        'p.statut',
        'p.debut',
        'p.fin',
        'p.adresse',
        'p.client_id',
        'c.email as client_email',
        'c.civilite as client_civilite',
        'c.nom as client_nom',
        'c.prenom as client_prenom'
      )
      .first()
    if (!row) return null
    if (row.statut !== 'planifiee') {
      resultat = { statut: 'ignore', raison: `visite ${row.statut}` }
      return null
    }
    const debut = DateTime.fromJSDate(new Date(row.debut)).setZone(TIME_ZONE)
    const fin = DateTime.fromJSDate(new Date(row.fin)).setZone(TIME_ZONE)
    // Moved to another day since the pass: its own day's pass will remind it
    if (debut.toISODate() !== payload.jour) {
      resultat = { statut: 'ignore', raison: 'visite déplacée' }
      return null
    }
    email = (row.client_email as string | null)?.trim() || null
    const inserted = await trx.rawQuery(
      `INSERT INTO planification_rappels (planification_id, email, envoye, motif, debut_visite)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (planification_id) DO NOTHING
       RETURNING planification_id`,
      [row.id, email, Boolean(email), email ? null : 'pas d’adresse e-mail', debut.toJSDate()]
    )
    if (!inserted.rows.length) {
      resultat = { statut: 'deja_fait' }
      return null
    }
    if (!email) {
      await historique(trx, row.id, 'Rappel non envoyé : le client n’a pas d’adresse e-mail.')
      resultat = { statut: 'sans_email' }
      return null
    }
    await historique(trx, row.id, `Rappel envoyé à ${email}`)
    resultat = { statut: 'envoye', email }
    const personnes = await trx
      .from('planification_personnes as pp')
      .join('users as u', 'u.id', 'pp.user_id')
      .where('pp.planification_id', row.id)
      .orderBy('u.name')
      .select('u.name')
    const societe = await companySociete(trx)
    const context = contextFrom({
      'client.civilite': row.client_civilite ?? '',
      'client.prenom': row.client_prenom ?? '',
      'client.nom': row.client_nom ?? '',
      'client.email': email,
      'visite.nature': NATURE_LABELS[row.nature as Nature],
      'visite.date': frDate(debut),
      'visite.plage': plage(debut, fin),
      'visite.adresse': row.adresse ?? '',
      'visite.technicien': personnes.map((p) => p.name).join(', '),
      'societe.nom': societe?.nom ?? '',
      'societe.telephone': societe?.telephone ?? '',
      'societe.email': societe?.email ?? '',
    })
    const body =
      (await renderTexteFor(RAPPEL_TEXTE_CODE, null, context, 'text', trx)) ??
      [
        `Bonjour ${[row.client_civilite, row.client_nom].filter(Boolean).join(' ')},`,
        '',
        `Nous vous rappelons notre visite (${NATURE_LABELS[row.nature as Nature].toLowerCase()}) de demain, ${frDate(debut)}, ${plage(debut, fin)}${row.adresse ? `, ${row.adresse}` : ''}.`,
        societe?.telephone
          ? `Un empêchement ? Appelez-nous au ${societe.telephone}.`
          : 'Un empêchement ? Prévenez-nous.',
        '',
        'Bien cordialement,',
        societe?.nom ?? '',
      ]
        .join('\n')
        .trim()
    const to = email
    const subject = `Rappel : notre visite du ${frDate(debut)}`
    return dispatchMail(trx, async () => new RappelVisiteMail(to, subject, body))
  })
  // After the commit: a mail that did not leave is said on the visit (no second try: decision 463)
  if (delivery && delivery.sent === false && email) {
    resultat = { statut: 'echec', email }
    try {
      await db.transaction(async (trx) => {
        await trx
          .from('planification_rappels')
          .where('planification_id', payload.planificationId)
          .update({ envoye: false, motif: 'échec de l’envoi' })
        await historique(trx, payload.planificationId, `Échec de l’envoi du rappel à ${email}`)
      })
    } catch (error) {
      logger.error({ err: error }, 'rappel: échec non enregistré')
    }
  }
  return resultat
}
