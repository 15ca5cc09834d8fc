/*
 * Volume planning for the bench (issue 13): 50 technicians in the technical planning (two per
 * team), 5 000 SAV visits in ONE week (the week of Monday 4 March 2030, Brussels: 100 per
 * technician, 15 a day from 07:00 every 40 minutes, 30 minutes each — never overlapping) at the
 * sites of volume clients, and 2 000 open SAV requests waiting to be planned. Built by
 * PostgreSQL (one INSERT … SELECT each), deterministic from the row number; tops up by what is
 * there (titles « SAV de volume … », e-mails « technicien-volume-NN@volume.test »). Raw rows on
 * purpose: a volume for measures, not a story (the demo goes through the planning service).
 */
import db from '@adonisjs/lucid/services/db'

export const VOLUME_TECHNICIENS = 50
/** The Monday of the volume week (Europe/Brussels) and its end (exclusive). */
export const VOLUME_SEMAINE = { start: '2030-03-04', end: '2030-03-11' } as const
const PAR_JOUR = 15
const PAS_MINUTES = 40
const DUREE_MINUTES = 30

/** The volume technicians' ids in their order (made when missing). */
export async function volumeTechniciens(): Promise<number[]> {
  // Not a password hash: these accounts cannot log in
  await db.rawQuery(
    `INSERT INTO users (name, email, password, role, created_at, updated_at)
     SELECT 'Technicien de volume ' || lpad(g::text, 2, '0'),
            'technicien-volume-' || lpad(g::text, 2, '0') || '@volume.test', '!volume', 'esi',
            now(), now()
       FROM generate_series(1, ?::int) g
     ON CONFLICT (email) DO NOTHING`,
    [VOLUME_TECHNICIENS]
  )
  const users = await db
    .from('users')
    .whereLike('email', 'technicien-volume-%@volume.test')
    .orderBy('email')
    .select('id')
  const ids = users.map((u) => u.id as number)
  await db.rawQuery(
    `INSERT INTO planning_ressources (user_id, type, position, equipe, couleur)
     SELECT u.id, 'tec', u.n - 1, 'Équipe de volume ' || ((u.n + 1) / 2),
            (ARRAY['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c'])[1 + (u.n - 1) % 5]
       FROM unnest(?::int[]) WITH ORDINALITY AS u(id, n)
     ON CONFLICT (user_id, type) DO NOTHING`,
    [ids]
  )
  return ids
}

export async function topUpPlanning(
  visites: number,
  demandes: number,
  log: (message: string) => void
): Promise<void> {
  const techniciens = await volumeTechniciens()
  const max = techniciens.length * 7 * PAR_JOUR
  const target = Math.min(visites, max)
  const [{ n }] = await db
    .from('planifications')
    .whereLike('titre', 'SAV de volume n°%')
    .count('* as n')
  const existing = Number(n)
  if (existing >= target) {
    log(`Planning : ${existing} visites de volume déjà présentes (≥ ${target}), rien à ajouter`)
  } else {
    await db.transaction(async (trx) => {
      // Row g (1-based): technician (g-1) mod 50, then the k-th visit of his week: its day, slot
      await trx.rawQuery(
        `WITH c AS (
           SELECT id_client, nom, chantier_lat, chantier_lng,
                  chantier_rue || ', ' || chantier_code_postal || ' ' || chantier_localite AS adresse,
                  row_number() OVER (ORDER BY id_client) AS rn
             FROM clients WHERE chantier_lat IS NOT NULL AND chantier_rue IS NOT NULL
            ORDER BY id_client LIMIT 5000),
         nc AS (SELECT count(*) AS n FROM c),
         g AS (
           SELECT g, (?::int[])[1 + (g - 1) % cardinality(?::int[])] AS tech,
                  ((g - 1) / cardinality(?::int[])) / ? AS jour,
                  ((g - 1) / cardinality(?::int[])) % ? AS creneau
             FROM generate_series(?::int, ?::int) g)
         INSERT INTO planifications (type, nature, statut, debut, fin, titre, client_id, adresse,
           latitude, longitude, notes, created_by, updated_by, created_at, updated_at)
         SELECT 'tec', 'sav', 'planifiee', d.debut, d.debut + make_interval(mins => ?),
                'SAV de volume n°' || g.g || ' — ' || c.nom, c.id_client, c.adresse,
                c.chantier_lat, c.chantier_lng, 'Intervention de volume', g.tech, g.tech, now(), now()
           FROM g
           CROSS JOIN nc
           JOIN c ON c.rn = 1 + (g.g * 7919) % nc.n
           CROSS JOIN LATERAL (
             SELECT ((?::date + g.jour) + time '07:00' + make_interval(mins => g.creneau * ?))
                      AT TIME ZONE 'Europe/Brussels' AS debut) d`,
        [
          techniciens,
          techniciens,
          techniciens,
          PAR_JOUR,
          techniciens,
          PAR_JOUR,
          existing + 1,
          target,
          DUREE_MINUTES,
          VOLUME_SEMAINE.start,
          PAS_MINUTES,
        ]
      )
      // One slot per visit for its technician (created_by): no travel time in the volume
      await trx.rawQuery(
        `INSERT INTO planification_personnes (planification_id, user_id, creneau, actif)
         SELECT p.id, p.created_by, tstzrange(p.debut, p.fin, '[)'), true
           FROM planifications p
          WHERE p.titre LIKE 'SAV de volume n°%'
            AND NOT EXISTS (SELECT 1 FROM planification_personnes pp WHERE pp.planification_id = p.id)`
      )
    })
    log(`Planning : ${target - existing} visites de volume ajoutées (semaine du 04/03/2030)`)
  }

  const [{ m }] = await db
    .from('planning_demandes')
    .whereLike('titre', 'SAV de volume — demande%')
    .count('* as m')
  const existingDemandes = Number(m)
  if (existingDemandes >= demandes) {
    log(`Planning : ${existingDemandes} demandes de volume déjà présentes, rien à ajouter`)
  } else {
    await db.rawQuery(
      `WITH c AS (
         SELECT id_client, row_number() OVER (ORDER BY id_client) AS rn
           FROM clients WHERE chantier_lat IS NOT NULL ORDER BY id_client LIMIT 5000),
       nc AS (SELECT count(*) AS n FROM c)
       INSERT INTO planning_demandes (type, nature, statut, client_id, titre, notes, duree_minutes,
         created_at, updated_at)
       SELECT 'tec', 'sav', 'ouverte', c.id_client, 'SAV de volume — demande ' || g,
              'Demande de volume', 30 + 15 * (g % 6),
              timestamptz '2030-01-01 08:00+01' + make_interval(mins => g * 7), now()
         FROM generate_series(?::int, ?::int) g
         CROSS JOIN nc
         JOIN c ON c.rn = 1 + (g * 104729) % nc.n`,
      [existingDemandes + 1, demandes]
    )
    log(`Planning : ${demandes - existingDemandes} demandes SAV de volume ajoutées`)
  }
  await db.rawQuery('ANALYZE planifications')
  await db.rawQuery('ANALYZE planification_personnes')
  await db.rawQuery('ANALYZE planning_demandes')
}
