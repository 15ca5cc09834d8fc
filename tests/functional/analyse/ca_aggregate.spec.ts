/*
 * The turnover's pre-aggregate (analyse_ca_jour, migration 0875, decision 650) stays equal to a
 * recomputation from the documents, their lines and the products after random sequences of
 * writes (fast-check): documents of the three kinds inserted, issued / signed, un-issued, their
 * date, discount and total changed, deleted with their lines; lines inserted, changed (total,
 * type, product) and deleted; statements over several rows; products' categories changed and
 * products deleted; compactions. The issued documents' freeze triggers are switched off inside
 * the test's transaction so that any write, even one the app forbids, is checked. Then the page
 * shows the same figures before and after a compaction, and follows a category change.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { analyseAs, makeProduit } from '#tests/functional/analyse/helpers'
import { SANS_FAMILLE, SANS_PRODUIT } from '#shared/analyse'
import { compactStats } from '#services/devis_list/devis_stats'

/** The aggregate as stored (deltas summed per key), zero keys left out. */
async function stored() {
  const result = await db.rawQuery(`
    SELECT source, jour::text AS jour, ligne, famille, sum(nombre)::bigint AS nombre,
      sum(brut)::bigint AS brut, sum(deduit)::bigint AS deduit, sum(lignes)::bigint AS lignes,
      sum(ht)::bigint AS ht
    FROM analyse_ca_jour GROUP BY 1, 2, 3, 4
    HAVING sum(nombre) <> 0 OR sum(brut) <> 0 OR sum(deduit) <> 0 OR sum(lignes) <> 0
      OR sum(ht) <> 0
    ORDER BY 1, 2, 3, 4 NULLS FIRST`)
  return result.rows
}

/** The same from scratch, as the analyse computed it before the aggregate (written apart). */
async function recomputed() {
  const result = await db.rawQuery(`
    WITH d AS (
      SELECT 'f' AS source, f.date_facture AS jour, 1 AS sign, 'f' AS k, f.id, f.total_ht,
        f.remise_globale_pct AS remise
      FROM factures f WHERE f.numero IS NOT NULL
      UNION ALL
      SELECT 'f', n.date_nc, -1, 'n', n.id, n.total_ht, n.remise_globale_pct
      FROM notes_credit n WHERE n.numero IS NOT NULL
      UNION ALL
      SELECT 'b', timezone('Europe/Brussels', b.signe_le)::date, 1, 'b', b.id, b.total_ht,
        b.remise_globale_pct
      FROM bdcs b WHERE b.statut = 'signe'
    ),
    l AS (
      SELECT d.*, x.type, x.total_ht AS lht, x.produit_id FROM d
        JOIN facture_lignes x ON d.k = 'f' AND x.facture_id = d.id
      UNION ALL
      SELECT d.*, x.type, x.total_ht, x.produit_id FROM d
        JOIN note_credit_lignes x ON d.k = 'n' AND x.note_credit_id = d.id
      UNION ALL
      SELECT d.*, x.type, x.total_ht, x.produit_id FROM d
        JOIN bdc_lignes x ON d.k = 'b' AND x.bdc_id = d.id
    )
    SELECT * FROM (
      SELECT source, jour::text AS jour, false AS ligne, NULL::text AS famille,
        count(*)::bigint AS nombre,
        coalesce(sum(total_ht) FILTER (WHERE sign > 0), 0)::bigint AS brut,
        coalesce(sum(total_ht) FILTER (WHERE sign < 0), 0)::bigint AS deduit,
        0::bigint AS lignes, 0::bigint AS ht
      FROM d WHERE jour IS NOT NULL GROUP BY 1, 2
      UNION ALL
      SELECT source, jour::text, true,
        CASE WHEN p.id IS NULL THEN NULL ELSE coalesce(nullif(btrim(p.categorie), ''), '') END,
        0, 0, 0, count(*), sum(round(sign * lht * (1 - remise / 100)))::bigint
      FROM l LEFT JOIN produits p ON p.id = l.produit_id
      WHERE l.type = 'produit' AND l.lht IS NOT NULL AND jour IS NOT NULL
      GROUP BY 1, 2, 4
    ) r
    ORDER BY 1, 2, 3, 4 NULLS FIRST`)
  return result.rows
}

async function assertCurrent(assert: any, context: string) {
  assert.deepEqual(await stored(), await recomputed(), context)
}

// A day of 2031; an instant of it near midnight too (Brussels days differ from UTC days)
const day = fc
  .integer({ min: 0, max: 89 })
  .map((d) => new Date(Date.UTC(2031, 0, 1 + d)).toISOString().slice(0, 10))
const instant = fc
  .tuple(day, fc.constantFrom('00:30', '12:00', '22:30', '23:30'))
  .map(([d, t]) => `${d}T${t}:00Z`)
const remise = fc.constantFrom(0, 0, 10, 33.33, 100)
const amount = fc.integer({ min: 0, max: 1_000_000 })
const kind = fc.constantFrom('f' as const, 'n' as const, 'b' as const)
const ligneType = fc.constantFrom('produit', 'produit', 'texte', 'sous_total')
const categorie = fc.constantFrom<string | null>('Châssis', ' Châssis ', '', null, 'Volets')

const ligne = fc.record({
  type: ligneType,
  ht: fc.option(amount, { freq: 5 }),
  produit: fc.nat(5),
})

// Weighted so that documents with product lines pile up and get changed
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      kind,
      issued: fc.constantFrom(true, true, true, false),
      jour: day,
      signe: instant,
      remise,
      ht: amount,
      lignes: fc.array(ligne, { minLength: 1, maxLength: 3 }),
    }),
  },
  fc.record({
    op: fc.constant('issue' as const),
    pick: fc.nat(),
    issued: fc.constantFrom(true, true, false),
  }),
  // One column at a time, so that a column the triggers forgot is seen
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('updateDoc' as const),
      pick: fc.nat(),
      field: fc.constantFrom('jour' as const, 'remise' as const, 'ht' as const),
      jour: day,
      signe: instant,
      remise,
      ht: amount,
    }),
  },
  fc.record({ op: fc.constant('deleteDoc' as const), pick: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('insertLine' as const), pick: fc.nat(), ligne }),
  },
  fc.record({
    op: fc.constant('updateLine' as const),
    pick: fc.nat(),
    set: fc.record(
      { type: ligneType, ht: fc.option(amount), produit: fc.nat(5) },
      {
        requiredKeys: [],
      }
    ),
  }),
  fc.record({ op: fc.constant('deleteLine' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('shiftAll' as const), days: fc.integer({ min: -20, max: 20 }) }),
  fc.record({ op: fc.constant('linesPlusOne' as const) }),
  fc.record({ op: fc.constant('categorie' as const), pick: fc.nat(), categorie }),
  fc.record({ op: fc.constant('categorieAll' as const), categorie }),
  fc.record({ op: fc.constant('deleteProduit' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('compact' as const) })
)

const TABLES = {
  f: { table: 'factures', lines: 'facture_lignes', fk: 'facture_id' },
  n: { table: 'notes_credit', lines: 'note_credit_lignes', fk: 'note_credit_id' },
  b: { table: 'bdcs', lines: 'bdc_lignes', fk: 'bdc_id' },
}

// Raw inserts (no model, no service: any row the tables accept)
const STAMPS = { created_at: new Date(), updated_at: new Date() }

type Doc = { kind: 'f' | 'n' | 'b'; id: number }

/**
 * Documents of the three kinds and their lines written as raw rows (no model, no service: any
 * row the tables accept), the issued documents' freeze switched off in the test's transaction.
 */
async function world() {
  for (const [table, trigger] of [
    ['factures', 'factures_freeze_issued'],
    ['facture_lignes', 'facture_lignes_freeze_issued'],
    ['notes_credit', 'notes_credit_freeze_issued'],
    ['note_credit_lignes', 'note_credit_lignes_freeze_issued'],
  ]) {
    await db.rawQuery(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`)
  }
  const client = await ClientFactory.create()
  const [base] = await db
    .table('factures')
    .insert({ type: 'libre', client_id: client.idClient, objet: 'Base', ...STAMPS })
    .returning('id')
  const produits: (number | null)[] = [null]
  for (const c of ['Châssis', 'Volets', null, ' ', 'Sans famille']) {
    const made = await makeProduit(c, null)
    produits.push(made.id)
  }
  const docs: Doc[] = []
  const lines: { kind: Doc['kind']; id: number }[] = []
  let serial = 0
  const produitOf = (n: number) => produits[n % produits.length]

  async function addLine(doc: Doc, l: { type: string; ht: number | null; produit: number }) {
    const t = TABLES[doc.kind]
    const [row] = await db
      .table(t.lines)
      .insert({
        [t.fk]: doc.id,
        position: ++serial,
        type: l.type,
        total_ht: l.ht,
        produit_id: produitOf(l.produit),
        designation: 'Ligne',
      })
      .returning('id')
    lines.push({ kind: doc.kind, id: row.id ?? row })
  }

  function issue(doc: Doc, issued: boolean, jour: string, signe: string) {
    serial++
    if (doc.kind === 'f') {
      return issued
        ? {
            numero: `T-F-${serial}`,
            statut: 'emise',
            date_facture: jour,
            echeance: jour,
            communication: `T${serial}`,
            emise_le: signe,
            parties_snapshot: '{}',
          }
        : { numero: null, statut: 'brouillon' }
    }
    if (doc.kind === 'n') {
      return issued
        ? {
            numero: `T-N-${serial}`,
            statut: 'emise',
            date_nc: jour,
            emise_le: signe,
            parties_snapshot: '{}',
          }
        : { numero: null, statut: 'brouillon' }
    }
    return issued ? { statut: 'signe', signe_le: signe } : { statut: 'a_signer' }
  }

  async function insertDoc(o: {
    kind: Doc['kind']
    issued: boolean
    jour: string
    signe: string
    remise: number
    ht: number
    lignes: { type: string; ht: number | null; produit: number }[]
  }) {
    const common = {
      ...STAMPS,
      client_id: client.idClient,
      total_ht: o.ht,
      remise_globale_pct: o.remise,
      ...issue({ kind: o.kind, id: 0 }, o.issued, o.jour, o.signe),
    }
    let values: Record<string, unknown>
    if (o.kind === 'f') values = { ...common, type: 'libre', objet: 'Test' }
    else if (o.kind === 'n') {
      values = { ...common, facture_id: base.id ?? base, kind: 'montant', motif: 'Test' }
    } else {
      const devis = await makeDevis({ client })
      values = {
        ...common,
        numero: `T-B-${++serial}`,
        devis_id: devis.id,
        devis_revision: 1,
        objet: 'Test',
      }
    }
    const [row] = await db.table(TABLES[o.kind].table).insert(values).returning('id')
    const d = { kind: o.kind, id: row.id ?? row }
    docs.push(d)
    for (const l of o.lignes) await addLine(d, l)
    return d
  }

  return { docs, lines, addLine, issue, insertDoc, produits, produitOf }
}

test.group('Analyse / chiffre d’affaires / pre-aggregate', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('equals a recomputation after random sequences of writes', async ({ assert }) => {
    const w = await world()
    const { docs, lines, addLine, issue, insertDoc, produits, produitOf } = w
    await assertCurrent(assert, 'at start')
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
        for (const o of ops) {
          const doc = docs.length ? docs[('pick' in o ? o.pick : 0) % docs.length] : null
          if (o.op === 'insert') {
            await insertDoc(o)
          } else if (o.op === 'issue' && doc) {
            await db
              .from(TABLES[doc.kind].table)
              .where('id', doc.id)
              .update(issue(doc, o.issued, '2031-02-01', '2031-02-01T23:30:00Z'))
          } else if (o.op === 'updateDoc' && doc) {
            const jour = { f: 'date_facture', n: 'date_nc', b: 'signe_le' }[doc.kind]
            const values =
              o.field === 'ht'
                ? { total_ht: o.ht }
                : o.field === 'remise'
                  ? { remise_globale_pct: o.remise }
                  : { [jour]: doc.kind === 'b' ? o.signe : o.jour }
            await db.from(TABLES[doc.kind].table).where('id', doc.id).update(values)
          } else if (o.op === 'deleteDoc' && doc) {
            docs.splice(docs.indexOf(doc), 1)
            await db.from(TABLES[doc.kind].table).where('id', doc.id).delete()
          } else if (o.op === 'insertLine' && doc) {
            await addLine(doc, o.ligne)
          } else if (o.op === 'updateLine' && lines.length) {
            const l = lines[o.pick % lines.length]
            const values: Record<string, unknown> = {}
            if (o.set.type !== undefined) values.type = o.set.type
            if (o.set.ht !== undefined) values.total_ht = o.set.ht
            if (o.set.produit !== undefined) values.produit_id = produitOf(o.set.produit)
            if (Object.keys(values).length) {
              await db.from(TABLES[l.kind].lines).where('id', l.id).update(values)
            }
          } else if (o.op === 'deleteLine' && lines.length) {
            const [l] = lines.splice(o.pick % lines.length, 1)
            await db.from(TABLES[l.kind].lines).where('id', l.id).delete()
          } else if (o.op === 'shiftAll') {
            const ids = (k: Doc['kind']) => docs.filter((d) => d.kind === k).map((d) => d.id)
            await db.rawQuery(
              `UPDATE factures SET date_facture = date_facture + ?::int WHERE id = ANY(?)`,
              [o.days, ids('f')]
            )
            await db.rawQuery(
              `UPDATE notes_credit SET date_nc = date_nc + ?::int WHERE id = ANY(?)`,
              [o.days, ids('n')]
            )
            await db.rawQuery(
              `UPDATE bdcs SET signe_le = signe_le + make_interval(hours => ?::int)
               WHERE id = ANY(?)`,
              [o.days, ids('b')]
            )
          } else if (o.op === 'linesPlusOne') {
            for (const k of ['f', 'n', 'b'] as const) {
              const ids = lines.filter((l) => l.kind === k).map((l) => l.id)
              await db.rawQuery(
                `UPDATE ${TABLES[k].lines} SET total_ht = total_ht + 1 WHERE id = ANY(?)`,
                [ids]
              )
            }
          } else if (o.op === 'categorie') {
            const id = produitOf(o.pick)
            if (id !== null)
              await db.from('produits').where('id', id).update({ categorie: o.categorie })
          } else if (o.op === 'categorieAll') {
            await db
              .from('produits')
              .whereIn('id', produits.filter((p) => p !== null) as number[])
              .update({ categorie: o.categorie })
          } else if (o.op === 'deleteProduit') {
            const i = 1 + (o.pick % produits.length)
            if (i < produits.length && produits[i] !== null) {
              await db.from('produits').where('id', produits[i]!).delete()
              produits[i] = null
            }
          } else if (o.op === 'compact') {
            await db.rawQuery('SELECT analyse_ca_compact()')
          }
        }
        await assertCurrent(assert, JSON.stringify(ops))
      }),
      { numRuns: 40 }
    )
    await db.rawQuery('TRUNCATE analyse_ca_jour')
    await db.rawQuery('SELECT analyse_ca_rebuild()')
    await assertCurrent(assert, 'after a rebuild')
  }).timeout(180_000)

  test('each column the figures read, changed alone, is followed', async ({ assert }) => {
    const w = await world()
    const lignes = [
      { type: 'produit', ht: 1000_01, produit: 1 },
      { type: 'produit', ht: 333_33, produit: 2 },
    ]
    const doc = (k: Doc['kind']) =>
      w.insertDoc({
        kind: k,
        issued: true,
        jour: '2031-01-31',
        signe: '2031-01-31T22:30:00Z',
        remise: 10,
        ht: 5000_00,
        lignes,
      })
    for (const k of ['f', 'n', 'b'] as const) {
      const t = TABLES[k]
      const d = await doc(k)
      const other = await doc(k)
      await assertCurrent(assert, `${k} inserted`)
      const jour = { f: 'date_facture', n: 'date_nc', b: 'signe_le' }[k]
      const changes: [string, Record<string, unknown>][] = [
        ['date', { [jour]: k === 'b' ? '2031-01-31T23:30:00Z' : '2031-02-01' }],
        ['discount', { remise_globale_pct: 33.33 }],
        ['total', { total_ht: 4000_00 }],
        ['un-issued', w.issue(d, false, '', '')],
        ['issued again', w.issue(d, true, '2031-03-01', '2031-03-01T10:00:00Z')],
      ]
      for (const [what, values] of changes) {
        await db.from(t.table).where('id', d.id).update(values)
        await assertCurrent(assert, `${k}: ${what}`)
      }
      const [line] = await db.from(t.lines).where(t.fk, d.id).orderBy('id').select('id')
      const lineChanges: [string, Record<string, unknown>][] = [
        ['line total', { total_ht: 7 }],
        ['line without total', { total_ht: null }],
        ['line total back', { total_ht: 8 }],
        ['line product', { produit_id: w.produits[3] }],
        ['line without product', { produit_id: null }],
        ['line type', { type: 'texte' }],
        ['line type back', { type: 'produit' }],
        ['line moved to another document', { [t.fk]: other.id }],
      ]
      for (const [what, values] of lineChanges) {
        await db.from(t.lines).where('id', line.id).update(values)
        await assertCurrent(assert, `${k}: ${what}`)
      }
      await db.from(t.lines).where('id', line.id).delete()
      await assertCurrent(assert, `${k}: line deleted`)
      await db.from(t.table).where('id', other.id).delete()
      await assertCurrent(assert, `${k}: document deleted with its lines`)
    }
    await db.from('produits').where('id', w.produits[2]!).update({ categorie: 'Autre' })
    await assertCurrent(assert, 'category changed')
    await db.from('produits').where('id', w.produits[2]!).update({ prix_achat: 1 })
    await assertCurrent(assert, 'another column of the product')
    await db.from('produits').where('id', w.produits[2]!).delete()
    await assertCurrent(assert, 'product deleted')
  })

  test('the page gives the same figures after a compaction and follows a category', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const chassis = await makeProduit('Châssis', null)
    const c = await ClientFactory.create()
    for (const [i, jour] of ['2031-01-10', '2031-02-10'].entries()) {
      const [row] = await db
        .table('factures')
        .insert({
          ...STAMPS,
          type: 'libre',
          client_id: c.idClient,
          objet: 'Test',
          total_ht: 1000_00,
          remise_globale_pct: 10,
        })
        .returning('id')
      const id = row.id ?? row
      await db.table('facture_lignes').insert([
        { facture_id: id, position: 1, type: 'produit', total_ht: 600_00, produit_id: chassis.id },
        { facture_id: id, position: 2, type: 'produit', total_ht: 400_00, produit_id: null },
      ])
      await db
        .from('factures')
        .where('id', id)
        .update({
          numero: `T-P-${i}`,
          statut: 'emise',
          date_facture: jour,
          echeance: jour,
          communication: `TP${i}`,
          emise_le: `${jour}T10:00:00Z`,
          parties_snapshot: '{}',
        })
    }
    const query = '?du=2031-01-01&au=2031-03-31'
    const page = async () => {
      const { props } = await analyseAs(client, user, '/esi/analyse/chiffre-affaires', query)
      return props.ca
    }
    const before = await page()
    assert.deepEqual(
      before.par_famille.map((f: any) => [f.famille, f.ht]),
      [
        ['Châssis', 1080_00],
        [SANS_PRODUIT, 720_00],
      ]
    )
    assert.equal(before.total_ht, 2000_00)
    await compactStats({ vacuum: false }) // the nightly pass (in the test's transaction)
    assert.deepEqual(await page(), before)

    await db.from('produits').where('id', chassis.id).update({ categorie: '  ' })
    const after = await page()
    assert.deepEqual(
      after.par_famille.map((f: any) => [f.famille, f.ht]),
      [
        [SANS_FAMILLE, 1080_00],
        [SANS_PRODUIT, 720_00],
      ]
    )
    await assertCurrent(assert, 'after the category change')
  })
})
