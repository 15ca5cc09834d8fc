/*
 * The searches of the sociétés and contacts lists are written so that PostgreSQL can answer
 * them from their trigram indexes (migrations 0100 and 0101): checked on the plan of the count
 * each page runs, with every other path disabled since the test tables are tiny (whether the
 * rows query walks the sort index instead depends on the statistics).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import Contact from '#models/contact'
import Societe from '#models/societe'
import { whereWords } from '#services/list/list_params'
import { SOCIETE_SEARCH } from '#services/societe_queries'

async function plan(query: { toSQL: () => { sql: string; bindings: readonly unknown[] } }) {
  const { sql, bindings } = query.toSQL()
  const result = await db.rawQuery(`explain ${sql}`, bindings as any[])
  return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
}

test.group('Sociétés and contacts / search indexes', (group) => {
  withTransaction(group)
  group.each.setup(async () => {
    // Only the bitmap path is left, which needs an index matching the predicate
    await db.rawQuery('set local enable_seqscan = off')
    await db.rawQuery('set local enable_indexscan = off')
    await db.rawQuery('set local enable_indexonlyscan = off')
  })

  test('contacts: the search uses contacts_recherche_trgm', async ({ assert }) => {
    const query = Contact.query().count('* as total')
    whereWords(query, 'contacts.recherche', ['dupont'])
    assert.include(await plan(query), 'contacts_recherche_trgm')
  })

  test('sociétés: the search uses societes_recherche_trgm', async ({ assert }) => {
    const query = Societe.query().count('* as total')
    whereWords(query, SOCIETE_SEARCH, ['dupont'])
    assert.include(await plan(query), 'societes_recherche_trgm')
  })
})
