/*
 * Volume factures for the bench (issue 11: the factures list and the créances page at 200 000
 * invoices): issued factures spread over three years and every client, built by PostgreSQL
 * itself (generate_series, one INSERT … SELECT per batch), deterministic from the row number.
 * They are inserted issued (a numero, frozen parties) without lines: the lists and the créances
 * read the header only. Numbers « FAC-YYYY-V0000001 » and communications starting with 99 never
 * meet the real series.
 */
import db from '@adonisjs/lucid/services/db'

const BATCH = 25_000

export async function topUpFactures(target: number, log: (message: string) => void): Promise<void> {
  const [{ n }] = await db.from('factures').whereLike('numero', 'FAC-____-V%').count('* as n')
  const existing = Number(n)
  if (existing >= target) {
    log(`Factures : ${existing} de volume déjà présentes (≥ ${target}), rien à ajouter`)
    return
  }
  for (let from = existing + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1)
    // The row trigger keeping client_soldes_recherche (migration 0893) updates its row by key. Its
    // plan, made once per session, was a scan of the table when the first batch found it empty,
    // and every later row read the whole table (2.5 billion rows read for the first 50 000
    // factures, ten minutes a batch): this session plans without sequential scans
    await db.transaction(async (trx) => {
      await trx.rawQuery('SET LOCAL enable_seqscan = off')
      await trx.rawQuery(
        `WITH c AS (
         SELECT id_client, row_number() OVER (ORDER BY id_client) AS rn,
           trim(coalesce(prenom || ' ', '') || nom) AS nom, type = 'professionnel' AS pro
         FROM clients
       ), n AS (SELECT count(*) AS n FROM clients),
       rows AS (
         SELECT g, d, ht, rate, ht + round(ht * rate / 100.0)::bigint AS ttc,
           -- a third paid, a sixth partly paid, the rest open (some of them late)
           CASE WHEN g % 3 = 0 THEN 'payee' WHEN g % 6 = 1 THEN 'partiellement_payee'
             ELSE 'emise' END AS statut,
           '99' || lpad(g::text, 8, '0') AS base
         FROM (
           SELECT g, date '2024-01-01' + ((g * 7919) % 1060)::int AS d,
             (5000 + (g::bigint * 104729) % 1500000) AS ht,
             CASE WHEN g % 5 = 0 THEN 6 ELSE 21 END AS rate
           FROM generate_series(?::int, ?::int) AS g
         ) AS base
       )
       INSERT INTO factures (numero, type, client_id, client_nom, date_facture, echeance, objet,
         remise_globale_pct, total_ht, total_tva, total_ttc, tva_detail, communication, statut,
         montant_paye, parties_snapshot, emise_le, lock_version, created_at, updated_at)
       SELECT
         'FAC-' || extract(year FROM d) || '-V' || lpad(g::text, 7, '0'),
         CASE WHEN g % 4 = 0 THEN 'solde' WHEN g % 4 = 1 THEN 'acompte' ELSE 'libre' END,
         c.id_client, left(c.nom, 300), d, d + 30, 'Facture de volume n° ' || g,
         0, ht, ttc - ht, ttc,
         json_build_array(json_build_object('taux_tva', rate, 'base_brute', ht, 'remise', 0,
           'base_ht', ht, 'tva', ttc - ht))::jsonb,
         '+++' || substr(base, 1, 3) || '/' || substr(base, 4, 4) || '/' || substr(base, 8, 3)
           || lpad(CASE WHEN base::bigint % 97 = 0 THEN 97 ELSE base::bigint % 97 END::text, 2, '0')
           || '+++',
         statut,
         CASE statut WHEN 'payee' THEN ttc WHEN 'partiellement_payee' THEN ttc / 2 ELSE 0 END,
         json_build_object('emetteur', json_build_object('nom', 'ESI Châssis SRL',
             'lignes_adresse', json_build_array('Rue de l’Industrie 4', '5000 Namur')),
           'emetteur_id', NULL,
           'destinataire', json_build_object('nom', c.nom, 'lignes_adresse', json_build_array()),
           'client_professionnel', c.pro, 'placeholders', NULL, 'taken_at', d)::jsonb,
         d::timestamp AT TIME ZONE 'Europe/Brussels' + interval '10 hours',
         1,
         d::timestamp AT TIME ZONE 'Europe/Brussels' + interval '9 hours',
         d::timestamp AT TIME ZONE 'Europe/Brussels' + interval '10 hours'
       FROM rows, n, c
       WHERE c.rn = 1 + (rows.g::bigint * 7919) % n.n`,
        [from, to]
      )
    })
    log(`Factures : ${to} / ${target}`)
  }
  await db.rawQuery('ANALYZE factures')
}

/**
 * Volume payments (the créances page deducts each client's credit): `target` receipts left
 * unallocated, spread over the clients, reference « VOLUME-n » (how a top-up counts them). The
 * volume factures' own montant_paye has no allocations behind it: these are extra money only.
 */
export async function topUpPaiements(target: number, log: (message: string) => void) {
  const [{ n }] = await db.from('paiements').whereLike('reference', 'VOLUME-%').count('* as n')
  const existing = Number(n)
  if (existing >= target) {
    log(`Paiements : ${existing} de volume déjà présents (≥ ${target}), rien à ajouter`)
    return
  }
  await db.rawQuery(
    `WITH c AS (SELECT id_client, row_number() OVER (ORDER BY id_client) AS rn FROM clients),
       n AS (SELECT count(*) AS n FROM clients)
     INSERT INTO paiements (client_id, date_paiement, montant, mode, reference, idempotency_key,
       created_at, updated_at)
     SELECT c.id_client, date '2024-01-01' + ((g * 7919) % 1060)::int,
       1000 + (g::bigint * 104729) % 200000, 'virement', 'VOLUME-' || g, gen_random_uuid(),
       now(), now()
     FROM generate_series(?::int, ?::int) AS g, n, c
     WHERE c.rn = 1 + (g::bigint * 15485863) % n.n`,
    [existing + 1, target]
  )
  await db.rawQuery('ANALYZE paiements')
  log(`Paiements : ${target} / ${target}`)
}
