/*
 * The database `npm run bench` loads: a fresh copy of the volume database each run.
 *
 * The load writes (1 000 factures issued for one client, devis saves, visits dropped, sheets,
 * audit rows): measured on the volume database itself, each run started from what the earlier
 * ones left, and a figure drifted from run to run for no change of code (decision 848: 1 600
 * factures dated today topped the factures' default order and their client's open balance). So
 * db:volume fills the source database named by DATABASE_URL, which the load never touches, and
 * each run measures `<source>_run`, copied from it by PostgreSQL as a template.
 */

/** The mark on a run copy: only a database bearing it is ever dropped. */
export const RUN_COPY_COMMENT = 'npm run bench : copie jetable de la base de volume'

/** The run copy's name for a source database. */
export function runCopyName(source) {
  return `${source}_run`
}

const quoted = (name) => `"${name.replace(/"/g, '""')}"`

/**
 * Drops the previous run copy (only if the bench made it) and copies `source` again, through
 * `adminUrl`: another database of the same server (a template must have no session open).
 * VACUUM first (in the source): db:volume's updates leave dead rows and unset visibility maps
 * that a server with autovacuum on would have cleared; on an already clean database it reads
 * only the visibility maps.
 */
export async function freshRunCopy(pg, adminUrl, source) {
  const sourceUrl = new URL(adminUrl)
  sourceUrl.pathname = `/${source}`
  const vacuum = new pg.Client({ connectionString: sourceUrl.toString() })
  await vacuum.connect()
  try {
    await vacuum.query('VACUUM')
  } finally {
    await vacuum.end()
  }

  const copy = runCopyName(source)
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select shobj_description(oid, 'pg_database') as comment
         from pg_database where datname = $1`,
      [copy]
    )
    if (rows.length && rows[0].comment !== RUN_COPY_COMMENT) {
      throw new Error(
        `La base ${copy} existe et n’a pas été faite par le bench : renommez-la ou choisissez une autre base.`
      )
    }
    if (rows.length) await client.query(`drop database ${quoted(copy)} with (force)`)
    const {
      rows: [{ version }],
    } = await client.query(`select current_setting('server_version_num')::int as version`)
    // FILE_COPY (PostgreSQL 15+) copies the files after a checkpoint instead of logging every
    // block: seconds for a few gigabytes
    const strategy = version >= 150000 ? ' strategy file_copy' : ''
    await client.query(`create database ${quoted(copy)} template ${quoted(source)}${strategy}`)
    await client.query(
      `comment on database ${quoted(copy)} is '${RUN_COPY_COMMENT.replace(/'/g, "''")}'`
    )
  } finally {
    await client.end()
  }
  return copy
}
