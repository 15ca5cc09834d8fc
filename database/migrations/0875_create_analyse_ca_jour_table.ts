import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The turnover analyse pre-aggregated by day (issue 15 §1, decision 650): what each document
 * contributes to /esi/analyse/chiffre-affaires, summed per (source, day, ligne, famille):
 * - source 'f' (invoiced): the issued factures by date_facture (+ HT) and notes de crédit by
 *   date_nc (deduit HT); source 'b' (signed): the signed bdc by their Brussels signing day;
 * - ligne false: the documents (nombre, brut, deduit); ligne true: their product lines' HT after
 *   the document's global discount, rounded per line as the analyse does, by the product's
 *   famille at the time (NULL: no product, '': a product without category), and their count.
 *
 * Kept IN THE SAME TRANSACTION by statement triggers with transition tables, as
 * devis_stats_jour (migration 0865): deltas only, folded by `analyse_ca_compact()` at night.
 * The triggers: the documents (their figures, and their lines' when the date, the numero, the
 * statut or the discount moves), the lines, and produits (a category changed moves its lines
 * between families). Two deletions happen before their rows go: a document's lines are
 * cascade-deleted when the document is already gone (so a BEFORE DELETE row trigger takes them
 * off first), and a deleted product's lines are set to no product after it is gone (its lines
 * move to « no product » first). A TRUNCATE of any of these tables recomputes everything.
 */
type Kind = 'f' | 'n' | 'b'

// The document tables, their lines and what makes a document count
const DOCS: Record<
  Kind,
  {
    table: string
    lines: string
    fk: string
    source: string
    sign: string
    jour: string
    where: string
    /** The document's columns the figures read: an update that moves none adds nothing. */
    read: string
  }
> = {
  f: {
    table: 'factures',
    lines: 'facture_lignes',
    fk: 'facture_id',
    source: 'f',
    sign: '1',
    jour: 'd.date_facture',
    where: 'd.numero IS NOT NULL AND d.date_facture IS NOT NULL',
    read: 'id, numero, date_facture, total_ht, remise_globale_pct',
  },
  n: {
    table: 'notes_credit',
    lines: 'note_credit_lignes',
    fk: 'note_credit_id',
    source: 'f',
    sign: '-1',
    jour: 'd.date_nc',
    where: 'd.numero IS NOT NULL AND d.date_nc IS NOT NULL',
    read: 'id, numero, date_nc, total_ht, remise_globale_pct',
  },
  b: {
    table: 'bdcs',
    lines: 'bdc_lignes',
    fk: 'bdc_id',
    source: 'b',
    sign: '1',
    jour: "(d.signe_le AT TIME ZONE 'Europe/Brussels')::date",
    where: "d.statut = 'signe' AND d.signe_le IS NOT NULL",
    read: 'id, statut, signe_le, total_ht, remise_globale_pct',
  },
}

const COLUMNS = 'source, jour, ligne, famille, nombre, brut, deduit, lignes, ht'

/** The documents' own figures (rows: the documents). */
function docContributions(kind: Kind, rows: string, sign: string): string {
  const k = DOCS[kind]
  const [brut, deduit] = k.sign === '1' ? ['d.total_ht', '0'] : ['0', 'd.total_ht']
  return `SELECT '${k.source}'::char AS source, ${k.jour} AS jour, false AS ligne,
      NULL::text AS famille, ${sign} AS nombre, ${sign} * ${brut} AS brut,
      ${sign} * ${deduit} AS deduit, 0 AS lignes, 0::numeric AS ht
    FROM ${rows} d WHERE ${k.where}`
}

/** Their product lines' figures (lines, documents and products as given; sign ±1). */
function lineContributions(
  kind: Kind,
  {
    lines,
    docs,
    produits,
    sign,
    produitJoin = 'LEFT JOIN',
  }: {
    lines?: string
    docs?: string
    produits?: string
    sign: string
    produitJoin?: string
  }
): string {
  const k = DOCS[kind]
  return `SELECT '${k.source}'::char AS source, ${k.jour} AS jour, true AS ligne,
      CASE WHEN p.id IS NULL THEN NULL ELSE coalesce(btrim(p.categorie), '') END AS famille,
      0 AS nombre, 0 AS brut, 0 AS deduit, ${sign} AS lignes,
      ${sign} * round(${k.sign} * l.total_ht * (1 - d.remise_globale_pct / 100)) AS ht
    FROM ${lines ?? k.lines} l
      JOIN ${docs ?? k.table} d ON d.id = l.${k.fk}
      ${produitJoin} ${produits ?? 'produits'} p ON p.id = l.produit_id
    WHERE ${k.where} AND l.type = 'produit' AND l.total_ht IS NOT NULL`
}

const INSERT_NET = (source: string) => `
  INSERT INTO analyse_ca_jour (${COLUMNS})
  SELECT source, jour, ligne, famille, sum(nombre), sum(brut), sum(deduit), sum(lignes), sum(ht)
  FROM (${source}) x
  GROUP BY source, jour, ligne, famille
  HAVING sum(nombre) <> 0 OR sum(brut) <> 0 OR sum(deduit) <> 0 OR sum(lignes) <> 0
    OR sum(ht) <> 0`

const ALL_KINDS: Kind[] = ['f', 'n', 'b']

/** Everything, from scratch (the migration's fill and a TRUNCATE). */
const EVERYTHING = ALL_KINDS.map(
  (kind) =>
    `${docContributions(kind, DOCS[kind].table, '1')} UNION ALL ${lineContributions(kind, { sign: '1' })}`
).join(' UNION ALL ')

const TRIGGERS = [
  ['insert', 'REFERENCING NEW TABLE AS new_rows'],
  ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'REFERENCING OLD TABLE AS old_rows'],
]

// An UPDATE that changed none of the columns read (a facture's statut on a payment, a line's
// designation) returns at once (a trigger with transition tables cannot list columns)
const RETURN_IF_UNCHANGED = (columns: string) => `IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT ${columns} FROM new_rows EXCEPT SELECT ${columns} FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;`

/** The body of a statement trigger function: one INSERT_NET per operation. */
function byOperation(contributions: (rows: string, sign: string) => string): string {
  return `IF TG_OP = 'INSERT' THEN
      ${INSERT_NET(contributions('new_rows', '1'))};
    ELSIF TG_OP = 'DELETE' THEN
      ${INSERT_NET(contributions('old_rows', '-1'))};
    ELSE
      ${INSERT_NET(`${contributions('new_rows', '1')} UNION ALL ${contributions('old_rows', '-1')}`)};
    END IF;`
}

// A product's famille as the lines store it
const FAMILLE = (p: string) => `coalesce(btrim(${p}.categorie), '')`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE TABLE IF NOT EXISTS analyse_ca_jour (
      source char(1) NOT NULL CHECK (source IN ('f', 'b')),
      jour date NOT NULL,
      ligne boolean NOT NULL,
      famille text,
      nombre bigint NOT NULL,
      brut bigint NOT NULL,
      deduit bigint NOT NULL,
      lignes bigint NOT NULL,
      ht bigint NOT NULL
    )`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS analyse_ca_jour_idx ON analyse_ca_jour
      (source, ligne, jour) INCLUDE (famille, nombre, brut, deduit, lignes, ht)`)
    // A product's category changed or the product deleted: its lines, found by product
    for (const kind of ALL_KINDS) {
      const { lines } = DOCS[kind]
      this.schema.raw(`CREATE INDEX IF NOT EXISTS ${lines}_produit_id_index ON ${lines} (produit_id)
        WHERE produit_id IS NOT NULL`)
    }

    this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_rebuild() RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM analyse_ca_jour;
        ${INSERT_NET(EVERYTHING)};
      $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_compact() RETURNS void
      LANGUAGE sql AS $$
        LOCK TABLE analyse_ca_jour IN SHARE UPDATE EXCLUSIVE MODE;
        WITH gone AS (DELETE FROM analyse_ca_jour RETURNING *)
        ${INSERT_NET(`SELECT ${COLUMNS} FROM gone`)};
      $$`)

    for (const kind of ALL_KINDS) {
      const { table, lines } = DOCS[kind]
      // The document: its figures and its lines' (the date, numero, statut or discount moved
      // them); when deleted, its lines were taken off by the row trigger below
      const both = (rows: string, sign: string) =>
        `${docContributions(kind, rows, sign)} UNION ALL
         ${lineContributions(kind, { docs: rows, sign })}`
      this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_${table}_touch() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          ${RETURN_IF_UNCHANGED(DOCS[kind].read)}
          IF TG_OP = 'INSERT' THEN
            ${INSERT_NET(both('new_rows', '1'))};
          ELSIF TG_OP = 'DELETE' THEN
            ${INSERT_NET(docContributions(kind, 'old_rows', '-1'))};
          ELSIF TG_OP = 'UPDATE' THEN
            ${INSERT_NET(`${both('new_rows', '1')} UNION ALL ${both('old_rows', '-1')}`)};
          ELSE
            PERFORM analyse_ca_rebuild();
          END IF;
          RETURN NULL;
        END $$`)
      // Its lines are cascade-deleted after it, when they can no longer be joined to it: now
      this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_${table}_before_delete()
        RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${INSERT_NET(`${lineContributions(kind, { sign: '-1' })} AND d.id = OLD.id`)};
          RETURN OLD;
        END $$`)
      this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_${lines}_touch() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          ${RETURN_IF_UNCHANGED(`id, ${DOCS[kind].fk}, type, total_ht, produit_id`)}
          IF TG_OP = 'TRUNCATE' THEN
            PERFORM analyse_ca_rebuild();
          ELSE
            ${byOperation((rows, sign) => lineContributions(kind, { lines: rows, sign }))}
          END IF;
          RETURN NULL;
        END $$`)

      for (const [t, fn] of [
        [table, `analyse_ca_${table}_touch`],
        [lines, `analyse_ca_${lines}_touch`],
      ]) {
        for (const [op, ref] of [...TRIGGERS, ['truncate', '']]) {
          this.schema.raw(`DROP TRIGGER IF EXISTS analyse_ca_${op} ON ${t}`)
          this.schema.raw(`CREATE TRIGGER analyse_ca_${op} AFTER ${op.toUpperCase()} ON ${t}
            ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
        }
      }
      this.schema.raw(`DROP TRIGGER IF EXISTS analyse_ca_before_delete ON ${table}`)
      this.schema.raw(`CREATE TRIGGER analyse_ca_before_delete BEFORE DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION analyse_ca_${table}_before_delete()`)
    }

    // A product whose category changed: its lines move from the old famille to the new one
    // (the changed products found once; a product's other columns change nothing)
    const movedLines = (categorie: string, sign: string) =>
      ALL_KINDS.map((kind) =>
        lineContributions(kind, {
          produits: `(SELECT id, ${categorie} AS categorie FROM moved)`,
          sign,
          produitJoin: 'JOIN',
        })
      ).join(' UNION ALL ')
    const MOVED = `WITH moved AS MATERIALIZED (
        SELECT n.id, n.categorie AS nouvelle, o.categorie AS ancienne
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ${FAMILLE('n')} <> ${FAMILLE('o')})`
    // A product deleted: its lines become lines without product (the SET NULL that follows
    // then changes nothing)
    const deletedLines = ALL_KINDS.map(
      (kind) =>
        `${lineContributions(kind, { sign: '-1', produitJoin: 'JOIN' })} AND p.id = OLD.id
        UNION ALL ${lineContributions(kind, {
          produits: '(SELECT NULL::integer AS id, NULL::text AS categorie)',
          sign: '1',
        })} AND l.produit_id = OLD.id`
    ).join(' UNION ALL ')
    this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_produits_touch() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE ${FAMILLE('n')} <> ${FAMILLE('o')}) THEN
          RETURN NULL;
        END IF;
        ${MOVED}
        ${INSERT_NET(`${movedLines('nouvelle', '1')} UNION ALL ${movedLines('ancienne', '-1')}`)};
        RETURN NULL;
      END $$`)
    this.schema.raw(`CREATE OR REPLACE FUNCTION analyse_ca_produits_before_delete()
      RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${INSERT_NET(deletedLines)};
        RETURN OLD;
      END $$`)
    this.schema.raw(`DROP TRIGGER IF EXISTS analyse_ca_update ON produits`)
    this.schema.raw(`CREATE TRIGGER analyse_ca_update AFTER UPDATE ON produits
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION analyse_ca_produits_touch()`)
    this.schema.raw(`DROP TRIGGER IF EXISTS analyse_ca_before_delete ON produits`)
    this.schema.raw(`CREATE TRIGGER analyse_ca_before_delete BEFORE DELETE ON produits
      FOR EACH ROW EXECUTE FUNCTION analyse_ca_produits_before_delete()`)

    // What the documents already hold
    this.schema.raw('SELECT analyse_ca_rebuild()')
  }

  async down() {
    for (const kind of ALL_KINDS) {
      const { table, lines } = DOCS[kind]
      for (const t of [table, lines]) {
        for (const op of ['insert', 'update', 'delete', 'truncate']) {
          this.schema.raw(`DROP TRIGGER IF EXISTS analyse_ca_${op} ON ${t}`)
        }
        this.schema.raw(`DROP FUNCTION IF EXISTS analyse_ca_${t}_touch()`)
      }
      this.schema.raw(`DROP TRIGGER IF EXISTS analyse_ca_before_delete ON ${table}`)
      this.schema.raw(`DROP FUNCTION IF EXISTS analyse_ca_${table}_before_delete()`)
      this.schema.raw(`DROP INDEX IF EXISTS ${lines}_produit_id_index`)
    }
    this.schema.raw('DROP TRIGGER IF EXISTS analyse_ca_update ON produits')
    this.schema.raw('DROP TRIGGER IF EXISTS analyse_ca_before_delete ON produits')
    this.schema.raw('DROP FUNCTION IF EXISTS analyse_ca_produits_touch()')
    this.schema.raw('DROP FUNCTION IF EXISTS analyse_ca_produits_before_delete()')
    this.schema.raw('DROP FUNCTION IF EXISTS analyse_ca_rebuild()')
    this.schema.raw('DROP FUNCTION IF EXISTS analyse_ca_compact()')
    this.schema.raw('DROP TABLE IF EXISTS analyse_ca_jour')
  }
}
