/*
 * The dashboards in `npm run bench` (issue 14 §2), on the volume of `node ace db:volume`:
 * - « Tableau de bord »: the staff /dashboard as an Inertia visit (the figures of the day:
 *   signed this month and year with last year's, devis to follow up, acomptes awaited, late
 *   commandes by step, today's visits, and the money figures);
 * - « Dashboard pro »: /esi/dashboard-pro over the last 12 months, every pro société.
 * The volume has no partner offres: 200 bench pro sociétés and 20 000 offres (half transmitted
 * over two years, one in four turned into a devis of the volume) are made once, by SQL, when
 * missing (« Bench partenaire n », « Bench offre n »); then the tables the dashboards read are
 * vacuumed (decision 643).
 */
const SOCIETES = 200
const OFFRES = 20_000

export const DASHBOARD_SCENARIOS = [
  ['Tableau de bord — staff, Inertia (/dashboard)', '/dashboard'],
  ['Dashboard pro — 200 partenaires, 12 derniers mois', '/esi/dashboard-pro'],
]

/** The bench partners and their offres (made when missing). */
export async function prepareDashboardBench() {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  await makeOffres(db)
}

async function makeOffres(db) {
  const existing = await db.from('offres').whereLike('objet', 'Bench offre %').count('* as n')
  // One statement makes them all: either none or every one is there
  if (Number(existing[0].n) > 0) return
  await db.rawQuery(
    `INSERT INTO societes (nom, type, pays, created_at, updated_at)
     SELECT 'Bench partenaire ' || g, 'pro', 'BE', now(), now() FROM generate_series(1, ?) g
     WHERE NOT EXISTS (SELECT 1 FROM societes WHERE nom = 'Bench partenaire 1')`,
    [SOCIETES]
  )
  await db.rawQuery(
    `WITH pros AS (SELECT array_agg(id ORDER BY id) AS ids FROM societes
                   WHERE nom LIKE 'Bench partenaire %'),
          contact AS (SELECT min(id) AS id FROM contacts),
          devis_ids AS (SELECT array_agg(id ORDER BY id) AS ids FROM (
                          SELECT id FROM devis ORDER BY id LIMIT ?) d)
     INSERT INTO offres (numero, societe_id, contact_id, date_offre, valable_jusqu_au, objet,
       statut, transmise_le, devis_id, created_at, updated_at)
     SELECT 'BENCH-' || g, pros.ids[1 + g % cardinality(pros.ids)], contact.id,
       current_date - g % 730, current_date + 30, 'Bench offre ' || g,
       CASE g % 4 WHEN 0 THEN 'acceptee' WHEN 1 THEN 'transmise' WHEN 2 THEN 'envoyee'
         ELSE 'brouillon' END,
       CASE WHEN g % 4 IN (0, 1) THEN now() - make_interval(days => g % 730) END,
       CASE WHEN g % 4 = 0 THEN devis_ids.ids[g / 4] END,
       now() - make_interval(days => g % 730), now() - make_interval(days => g % 730)
     FROM generate_series(1, ?) g, pros, contact, devis_ids`,
    [OFFRES / 4, OFFRES]
  )
}
