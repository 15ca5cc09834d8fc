/*
 * CF numbers under concurrency (issue 12 §3, reference B1): 20 drafts sent at once get exactly
 * the next 20 CF numbers of the year, no gap, no duplicate; one draft sent 10 times at once is
 * numbered once (the others refused). No global transaction: the sends run on separate
 * connections, so the data is committed, then removed afterwards and the counters put back.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { systemActor } from '#services/actor'
import { currentYear, formatNumero, SERIES } from '#services/documents/numbering'
import { sendCommandeFournisseur } from '#services/commandes_fournisseur/cf_envoi'
import { makeUser } from '#tests/helpers'
import {
  commandeScenario,
  fournisseur,
  validateMesure,
  type Scenario,
} from '#tests/functional/commandes_fournisseur/helpers'

async function cfCounter(): Promise<number> {
  const row = await db
    .from('document_counters')
    .where({ serie: SERIES.commande_fournisseur, annee: currentYear() })
    .first()
  return row ? Number(row.dernier) : 0
}

/** n drafts of one commande, one per supplier, one line each. */
async function drafts(s: Scenario, n: number, made: { societes: number[] }) {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const f = await fournisseur(`Fournisseur concurrent ${i}`, `f${i}@example.be`)
    made.societes.push(f.id)
    const [cf] = await db
      .table('commandes_fournisseur')
      .insert({ commande_id: s.commande.id, fournisseur_id: f.id, total_ht: 100_00 })
      .returning('*')
    await db.table('commande_fournisseur_lignes').insert({
      commande_fournisseur_id: cf.id,
      position: 1,
      designation: `Article ${i}`,
      quantite: 1,
      prix_achat: 100_00,
      total: 100_00,
    })
    ids.push(cf.id)
  }
  return ids
}

test.group('Commandes fournisseur / numbering under concurrency', (group) => {
  let counters: { serie: string; annee: number; dernier: number }[] = []
  const made: { scenarios: Scenario[]; societes: number[]; users: User[] } = {
    scenarios: [],
    societes: [],
    users: [],
  }
  let lastSociete = 0
  group.each.setup(async () => {
    counters = await db.from('document_counters').select('serie', 'annee', 'dernier')
    // makeBdc creates the esi société when there is none: it must not outlive the test
    const row = await db.from('societes').max('id as id').first()
    lastSociete = Number(row?.id ?? 0)
  })
  group.each.teardown(async () => {
    for (const s of made.scenarios) {
      const c = s.commande.id
      await db.from('commandes_fournisseur').where('commande_id', c).delete()
      await db.from('mesures').where('commande_id', c).delete()
      await db
        .from('audit_logs')
        .where('subject_type', 'commande')
        .where('subject_id', String(c))
        .delete()
      await db.from('commandes').where('id', c).delete()
      await db.from('bdcs').where('id', s.bdc.id).delete()
      await db.from('devis').where('id', s.bdc.devisId).delete()
      await db.from('clients').where('id_client', s.bdc.clientId).delete()
      await db.from('produits').whereIn('id', [s.fenetre.id, s.porte.id, s.volet.id]).delete()
      made.societes.push(s.profils.id, s.portes.id)
    }
    await db.from('audit_logs').where('subject_type', 'commande_fournisseur').delete()
    await db.from('societes').whereIn('id', made.societes).delete()
    await db.from('societes').where('id', '>', lastSociete).delete()
    for (const u of made.users) await db.from('users').where('id', u.id).delete()
    await db.from('document_counters').delete()
    if (counters.length) await db.table('document_counters').multiInsert(counters)
    made.scenarios = []
    made.societes = []
    made.users = []
  })

  test('20 drafts sent at once get the next 20 numbers, gapless and unique', async ({ assert }) => {
    const user = await makeUser('esi')
    made.users.push(user)
    const s = await commandeScenario({ acomptePct: '0' })
    made.scenarios.push(s)
    await validateMesure(s)
    const ids = await drafts(s, 20, made)
    const start = await cfCounter()
    const results = await Promise.all(
      ids.map((id) => sendCommandeFournisseur(systemActor(user), user, id))
    )
    const expected = Array.from({ length: 20 }, (_, i) =>
      formatNumero('commande_fournisseur', currentYear(), start + i + 1)
    )
    assert.deepEqual(results.map((r) => r.numero).sort(), expected)
    const stored = await db.from('commandes_fournisseur').whereIn('id', ids)
    assert.deepEqual(stored.map((r) => r.numero).sort(), expected)
    assert.isTrue(stored.every((r) => r.statut === 'envoyee'))
    assert.equal(await cfCounter(), start + 20)
  }).timeout(90_000)

  test('one draft sent 10 times at once is numbered once', async ({ assert }) => {
    const user = await makeUser('esi')
    made.users.push(user)
    const s = await commandeScenario({ acomptePct: '0' })
    made.scenarios.push(s)
    await validateMesure(s)
    const [id] = await drafts(s, 1, made)
    const start = await cfCounter()
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => sendCommandeFournisseur(systemActor(user), user, id))
    )
    const ok = results.filter((r) => r.status === 'fulfilled')
    assert.lengthOf(ok, 1)
    for (const r of results) {
      if (r.status === 'rejected') assert.match(String(r.reason?.message), /déjà envoyée/)
    }
    assert.equal(await cfCounter(), start + 1)
  }).timeout(60_000)
})
