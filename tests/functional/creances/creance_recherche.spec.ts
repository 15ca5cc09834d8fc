/*
 * A créances search reads client_soldes_recherche (migration 0893, decision 731): after random
 * writes (drafts issued with any due date, moved to another client, paid, credited, cancelled;
 * payments added and removed; clients renamed, retyped, their société or VAT number changed)
 * the table equals a recomputation from clients, client_soldes and the open factures, and a
 * search's page, totals and filtered rows equal the former query's (the oracle below, which read
 * clients, client_soldes and the factures), for every sort, the tranche and late filters, today
 * (the buckets each row keeps, decision 829) and 45 days on (summed from its arrays).
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { SHOWN_ROW_COLUMNS, libreDraftFor } from '#tests/functional/creances/helpers'
import {
  CREANCE_SORT_COLUMNS,
  creanceQuery,
  creanceSearchQuery,
  creanceSearchTotals,
  creanceTotals,
  parseCreanceListParams,
} from '#services/creances/creance_list'
import { keptBucketsHold } from '#services/creances/creance_buckets'
import { orderedExprs, pageQuery } from '#services/list/keyset'
import { dayLiteral } from '#services/sql_day'
import { addDays, todayIso } from '#shared/dates'
import { AGING_BUCKET_KEYS } from '#shared/creances'

/** The table as its sources say it should be (open factures as sorted pairs). */
async function recomputed(ids: number[]) {
  const result = await db.rawQuery(
    `SELECT c.id_client AS client_id, c.type, c.civilite, c.nom, c.prenom, c.societe,
       c.numero_tva, c.recherche,
       f_unaccent(lower(coalesce(nullif(c.societe, ''), c.nom) || ' ' || coalesce(c.prenom, '')))
         AS tri_nom,
       s.du::text, s.credit::text, s.nb_factures, s.premiere_echeance::text, s.solde::text,
       COALESCE((SELECT json_agg(json_build_array(f.echeance::text,
           (f.total_ttc - f.montant_paye - f.montant_credite)::text)
           ORDER BY f.echeance, f.total_ttc - f.montant_paye - f.montant_credite)
         FROM factures f WHERE f.client_id = c.id_client AND f.numero IS NOT NULL
           AND f.statut IN ('emise', 'partiellement_payee')
           AND f.total_ttc - f.montant_paye - f.montant_credite > 0), '[]') AS ouvertes
     FROM client_soldes s JOIN clients c ON c.id_client = s.client_id
     WHERE s.client_id = ANY(?) ORDER BY 1`,
    [ids]
  )
  return result.rows
}

async function stored(ids: number[]) {
  const result = await db.rawQuery(
    `SELECT client_id, type, civilite, nom, prenom, societe, numero_tva, recherche, tri_nom,
       du::text, credit::text, nb_factures, premiere_echeance::text, solde::text,
       COALESCE((SELECT json_agg(json_build_array(o.e::text, o.r::text) ORDER BY o.e, o.r)
         FROM unnest(echeances, restes) AS o(e, r)), '[]') AS ouvertes
     FROM client_soldes_recherche WHERE client_id = ANY(?) ORDER BY 1`,
    [ids]
  )
  return result.rows
}

/** The former search (before decision 731): clients, their client_soldes row, their factures. */
function formerRows(word: string, today: string) {
  const retard = `(DATE '${today}' - o.echeance)`
  const open = `FROM factures o WHERE o.client_id = c.id_client AND o.numero IS NOT NULL
    AND o.statut IN ('emise', 'partiellement_payee')
    AND o.total_ttc - o.montant_paye - o.montant_credite > 0`
  const sum = (cond: string) =>
    `COALESCE((SELECT sum(o.total_ttc - o.montant_paye - o.montant_credite) ${open}
      AND ${cond}), 0)::bigint`
  return db.rawQuery(
    `SELECT * FROM (SELECT c.id_client, c.type, c.civilite, c.nom, c.prenom, c.societe,
       c.numero_tva,
       f_unaccent(lower(coalesce(nullif(c.societe, ''), c.nom) || ' ' || coalesce(c.prenom, '')))
         AS tri_nom,
       s.du, GREATEST(s.credit, 0)::bigint AS credit, s.solde, s.nb_factures,
       s.premiere_echeance,
       COALESCE(DATE '${today}' - s.premiere_echeance, -100000)::int AS retard_max,
       ${sum(`${retard} > 0`)} AS en_retard,
       ${sum(`${retard} <= 0`)} AS non_echu,
       ${sum(`${retard} > 0 AND ${retard} <= 30`)} AS j0_30,
       ${sum(`${retard} > 30 AND ${retard} <= 60`)} AS j31_60,
       ${sum(`${retard} > 60 AND ${retard} <= 90`)} AS j61_90,
       ${sum(`${retard} > 90`)} AS plus_90
     FROM clients c JOIN client_soldes s ON s.client_id = c.id_client
     WHERE (s.nb_factures > 0 OR s.credit > 0)
       AND c.recherche LIKE f_unaccent(lower(?))) cr`,
    [`%${word}%`]
  )
}

const SORTS: Record<string, (a: any, b: any) => number> = {
  '-du': (a, b) => Number(b.solde) - Number(a.solde) || Number(b.id_client) - Number(a.id_client),
  client: (a, b) =>
    (a.tri_nom < b.tri_nom ? -1 : a.tri_nom > b.tri_nom ? 1 : 0) ||
    Number(a.id_client) - Number(b.id_client),
  '-retard': (a, b) => b.retard_max - a.retard_max || Number(b.id_client) - Number(a.id_client),
}

/** The rows as the page shows them, numbers as strings (bigint and int alike). */
const shown = (rows: any[]) =>
  rows.map((r) =>
    Object.fromEntries(SHOWN_ROW_COLUMNS.map((k) => [k, r[k] === null ? null : String(r[k])]))
  )

const WORD = 'zorglub'
const day = fc.integer({ min: -150, max: 40 })
const op = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), pick: fc.nat(), late: day, ttc: fc.nat(900) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 0, max: 4 }),
    statut: fc.constantFrom('emise', 'partiellement_payee', 'payee', 'annulee'),
  }),
  fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), share: fc.nat(4) }),
  fc.record({ kind: fc.constant('paiement' as const), to: fc.nat(), montant: fc.nat(500) }),
  fc.record({ kind: fc.constant('unpay' as const), to: fc.nat() }),
  fc.record({
    kind: fc.constant('rename' as const),
    to: fc.nat(),
    nom: fc.constantFrom(`Dupuis ${WORD}`, 'Martin', `Élan ${WORD}`, 'Zorg'),
    societe: fc.constantFrom(null, '', `SA ${WORD}`, 'Bois SPRL'),
    type: fc.constantFrom('particulier', 'professionnel'),
    tva: fc.constantFrom(null, 'BE0123456789'),
  })
)

test.group('Créances / search table', (group) => {
  withTransaction(group)

  test('equals its sources and the former search after random writes', async ({ assert }) => {
    const today = todayIso()
    const clients = await ClientFactory.merge([
      { nom: `Dupont ${WORD}` },
      { nom: 'Leroy', societe: `Menuiserie ${WORD}` },
      { nom: 'Autre' },
      { nom: `Petit ${WORD}` },
    ]).createMany(4)
    const ids = clients.map((c) => c.idClient)
    const drafts: number[] = []
    for (const c of [...clients, ...clients]) {
      const draft = await libreDraftFor(c)
      drafts.push(draft.id)
    }
    let numero = 0
    const write = async (o: any) => {
      const id = drafts[o.pick % drafts.length]
      const client = ids[o.to % ids.length]
      if (o.kind === 'issue') {
        const echeance = addDays(today, -o.late)
        await db.rawQuery(
          `UPDATE factures SET numero = ?, communication = ?, statut = 'emise', total_ttc = ?, date_facture = ?,
             echeance = ?, emise_le = now(),
             parties_snapshot = '{}' WHERE id = ? AND numero IS NULL`,
          [
            `T-${id}-${++numero}`,
            `T-${id}-${numero}`,
            100 + o.ttc * 100,
            addDays(echeance, -30),
            echeance,
            id,
          ]
        )
      } else if (o.kind === 'move') {
        await db.rawQuery('UPDATE factures SET client_id = ? WHERE id = ? AND numero IS NULL', [
          ids[o.to % ids.length],
          id,
        ])
      } else if (o.kind === 'pay') {
        await db.rawQuery(
          `UPDATE factures SET montant_paye = (total_ttc - montant_credite) * ? / 4, statut = ?
           WHERE id = ? AND numero IS NOT NULL`,
          [o.share, o.statut, id]
        )
      } else if (o.kind === 'credit') {
        await db.rawQuery(
          `UPDATE factures SET montant_credite = (total_ttc - montant_paye) * ? / 4
           WHERE id = ? AND numero IS NOT NULL`,
          [o.share, id]
        )
      } else if (o.kind === 'paiement' && o.montant > 0) {
        await db.table('paiements').insert({
          client_id: client,
          date_paiement: today,
          montant: o.montant * 100,
          mode: 'virement',
          idempotency_key: randomUUID(),
          created_at: new Date(),
          updated_at: new Date(),
        })
      } else if (o.kind === 'unpay') {
        await db.rawQuery(
          `DELETE FROM paiements WHERE id = (SELECT max(id) FROM paiements WHERE client_id = ?)`,
          [client]
        )
      } else if (o.kind === 'rename') {
        await db
          .from('clients')
          .where('id_client', client)
          .update({ nom: o.nom, societe: o.societe, type: o.type, numero_tva: o.tva })
      }
    }

    const check = async (label: string) => {
      const rowsStored = await stored(ids)
      assert.deepEqual(rowsStored, await recomputed(ids), label)
      // Each row keeps today's buckets: the first day below reads them, not the arrays
      const held = await db.rawQuery(
        `SELECT count(*)::int AS n FROM client_soldes_recherche t
         WHERE t.client_id = ANY(?) AND ${keptBucketsHold('t', dayLiteral(today))}`,
        [ids]
      )
      assert.equal(held.rows[0].n, rowsStored.length, `${label} kept`)
      // Today the rows' kept buckets hold; 45 days on they are summed from the arrays
      for (const asOf of [today, addDays(today, 45)]) {
        const { rows: former } = await formerRows(WORD, asOf)
        for (const [sort, compare] of Object.entries(SORTS)) {
          const params = parseCreanceListParams({ q: WORD, sort })
          // The page as keysetPage builds it: the matches cut, then their names around them
          const search = creanceSearchQuery(params, asOf)
          const rows = await pageQuery({
            build: search.query,
            around: search.around,
            exprs: orderedExprs(params.sort, CREANCE_SORT_COLUMNS),
            values: null,
            after: null,
            reversed: false,
            limit: 100,
          })
          assert.deepEqual(
            shown(rows),
            shown([...former].sort(compare)),
            `${label} ${asOf} ${sort}`
          )
          const totals = creanceSearchTotals(rows) ?? (await creanceTotals(params, asOf))
          const sum = (k: string) => former.reduce((t: number, r: any) => t + Number(r[k]), 0)
          assert.deepEqual(
            totals,
            {
              nb_clients: former.length,
              du: sum('du'),
              credit: sum('credit'),
              solde: sum('solde'),
              nb_factures: sum('nb_factures'),
              en_retard: sum('en_retard'),
              ...Object.fromEntries(AGING_BUCKET_KEYS.map((k) => [k, sum(k)])),
            },
            `${label} ${asOf} totals`
          )
        }
        // A bucket and « en retard » with the search: the filtered rows (the export's query)
        for (const filter of [{ tranche: 'j31_60' }, { retard: '1' }, { tranche: 'plus_90' }]) {
          const params = parseCreanceListParams({ q: WORD, filter })
          const rows = await creanceQuery(params, asOf).select('cr.*').orderBy('cr.id_client')
          const expected = former
            .filter((r: any) =>
              filter.tranche
                ? Number(r[filter.tranche]) > 0
                : r.premiere_echeance !== null && r.retard_max > 0
            )
            .sort((a: any, b: any) => Number(a.id_client) - Number(b.id_client))
          assert.deepEqual(
            shown(rows),
            shown(expected),
            `${label} ${asOf} ${JSON.stringify(filter)}`
          )
        }
      }
    }

    await check('at start')
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) await write(o)
        await check(JSON.stringify(ops))
      }),
      { numRuns: 30 }
    )
  }).timeout(180_000)
})
