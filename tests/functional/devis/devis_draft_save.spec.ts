/*
 * Issue 15 §1, decision 736: a brouillon's save is one statement (devis_draft_save.ts). The
 * transaction it replaces is kept as the fallback, and is the oracle here: random saves written
 * both ways on two identical devis leave the same header, lines and audit row; what the one
 * statement does not save (a stale version, a sent devis, a client renamed since the lookup)
 * still gets the transaction's answer.
 */
import { test } from '@japa/runner'
import { seededRandom } from '#tests/seeded_random'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import { makeUser, withTransaction } from '#tests/helpers'
import { staffVisitor, statementsOf } from '#tests/functional/performance/helpers'
import {
  devisBody,
  ligne,
  makeClient,
  makeDevis,
  makeProduit,
} from '#tests/functional/devis/editor_helpers'
import { SocieteFactory } from '#database/factories/societe_factory'
import { ClientFactory } from '#database/factories/client_factory'
import { updateDevis } from '#services/devis/devis_service'
import type { SavedDevis } from '#services/devis/devis_draft_save'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { devisReferences, type DevisInput } from '#validators/devis'
import { systemActor } from '#services/actor'
import type Client from '#models/client'
import type { LigneData } from '#shared/devis'
import { DateTime } from 'luxon'
import { TIME_ZONE } from '#shared/app'

type Rand = ReturnType<typeof seededRandom>

function randomLignes(r: Rand, produits: number[]): LigneData[] {
  const lignes: LigneData[] = []
  const n = r.int(12)
  for (let i = 0; i < n; i++) {
    const type = r.pick([
      'produit',
      'produit',
      'produit',
      'section',
      'texte',
      'sous_total',
    ] as const)
    if (type !== 'produit') {
      lignes.push({
        type,
        produit_id: null,
        designation: r.pick(['Lot A', '  Pose  ', '', 'Sous-total']),
        quantite: null,
        unite: null,
        prix_unitaire_ht: null,
        remise_pct: '0',
        taux_tva: null,
        optionnel: false,
        retenue: true,
      })
      continue
    }
    const optionnel = r.next() < 0.3
    lignes.push({
      type,
      produit_id: r.next() < 0.5 ? r.pick(produits) : null,
      designation: r.pick(['Châssis PVC', ' Porte d’entrée ', 'Volet « roulant »']),
      quantite: r.pick(['1', '2.5', '0.125', '12', '0']),
      unite: r.pick(['piece', 'm2', null]),
      prix_unitaire_ht: r.int(500_000),
      remise_pct: r.pick(['0', '5', '12.5', '100']),
      taux_tva: r.pick([0, 6, 12, 21]),
      optionnel,
      retenue: optionnel ? r.next() < 0.5 : true,
    })
  }
  return lignes
}

function randomInput(r: Rand, clients: Client[], produits: number[], userId: number): DevisInput {
  const date = r.next() < 0.5 ? DateTime.fromISO('2026-03-10', { zone: TIME_ZONE }) : undefined
  return {
    client_id: r.pick(clients).idClient,
    commercial_id: r.pick([undefined, null, userId]),
    date_devis: date,
    valable_jusqu_au: date && r.next() < 0.5 ? date.plus({ days: 45 }) : undefined,
    objet: r.pick(['Remplacement de 3 châssis', 'Véranda']),
    adresse_chantier: r.pick([undefined, null, 'Rue de Fer 12, 5000 Namur']),
    remise_globale_pct: r.pick(['0', '2.5', '10']),
    acompte_pct: r.pick(['0', '30', '50']),
    intro: r.pick([undefined, null, '', 'Madame, Monsieur,']),
    conditions: r.pick([undefined, null, '', 'Conditions générales.']),
    lignes: randomLignes(r, produits),
  }
}

const HEADER_SKIP = new Set(['id', 'public_id', 'created_at', 'updated_at'])

async function stateOf(devisId: number) {
  const row = await db.from('devis').where('id', devisId).firstOrFail()
  const header = Object.fromEntries(Object.entries(row).filter(([k]) => !HEADER_SKIP.has(k)))
  const lignes = await db
    .from('devis_lignes')
    .where('devis_id', devisId)
    .orderBy('position')
    .select(
      'position',
      'type',
      'produit_id',
      'designation',
      'quantite',
      'unite',
      'prix_unitaire_ht',
      'remise_pct',
      'taux_tva',
      'total_ht',
      'optionnel',
      'retenue'
    )
  const audits = await db
    .from('audit_logs')
    .where({ subject_type: 'devis', subject_id: String(devisId) })
    .orderBy('id')
    .select('user_id', 'action', 'before', 'after', 'ip')
  return { header, lignes, audits }
}

async function lookedUp(devisId: number, input: DevisInput) {
  return devisReferences(devisId, { client_id: input.client_id, lignes: [] })
}

test.group('Devis save / one statement (decision 736)', (group) => {
  withTransaction(group)

  test('random saves: one statement leaves what the transaction leaves', async ({ assert }) => {
    const user = await makeUser('esi')
    const apporteur = await SocieteFactory.create()
    const clients = [
      await makeClient(),
      await makeClient({ apporteurId: apporteur.id }),
      await ClientFactory.apply('professionnel').merge({ apporteurId: apporteur.id }).create(),
      await ClientFactory.apply('professionnel').merge({ prenom: null, civilite: null }).create(),
    ]
    const p1 = await makeProduit()
    const p2 = await makeProduit()
    const produits = [p1.id, p2.id]
    const seed = Number(process.env.SAVE_SEED ?? Date.now() % 100_000)
    const r = seededRandom(seed)
    const actor = { user, ip: '192.0.2.7' }
    for (let round = 0; round < 12; round++) {
      const start = r.pick(clients)
      const fast = await makeDevis(user, start)
      const slow = await makeDevis(user, start)
      // Same starting rows but the id: the same saves follow on each
      for (let k = 0; k < 3; k++) {
        const input = randomInput(r, clients, produits, user.id)
        const refs = await lookedUp(fast.id, input)
        const fastRow = await Devis.findOrFail(fast.id)
        const slowRow = await Devis.findOrFail(slow.id)
        const [fastVersion, slowVersion] = [fastRow.lockVersion, slowRow.lockVersion]
        let a: any
        const sent = await statementsOf(async () => {
          a = await updateDevis(actor, fast.id, fastVersion, input, user.id, refs)
        })
        const b = await updateDevis(actor, slow.id, slowVersion, input, user.id)
        const where = `seed ${seed}, round ${round}, save ${k}`
        assert.lengthOf(sent, 1, `${where}: ${sent.join('\n')}`)
        const [x, y] = [await stateOf(fast.id), await stateOf(slow.id)]
        assert.deepEqual(x, y, where)
        const fields = (d: SavedDevis) => ({
          id: d.id,
          lockVersion: d.lockVersion,
          revision: d.revision,
          totalTtc: d.totalTtc,
        })
        // The answer's four columns, as the transaction's model reads them (its twin's id aside)
        assert.deepEqual(fields(a.devis), { ...fields(b.devis), id: fast.id }, where)
        // No model hydrated from the written row (decision 800): a plain object of four keys
        assert.equal(Object.getPrototypeOf(a.devis), Object.prototype, where)
        assert.sameMembers(Object.keys(a.devis), ['id', 'lockVersion', 'revision', 'totalTtc'])
        const written = await Devis.findOrFail(fast.id)
        assert.deepEqual(fields(written), fields(a.devis), where)
        assert.equal(a.revised, b.revised)
      }
    }
  }).timeout(120_000)

  test('a brouillon is saved in 3 statements: session, lookup, save', async ({ assert }) => {
    const { user, visitor } = await staffVisitor()
    const devis = await makeDevis(user)
    const c = await makeClient()
    const body = devisBody(c, { lock_version: devis.lockVersion, commercial_id: user.id })
    let status = 0
    const sent = await statementsOf(async () => {
      const response = await visitor.request('PUT', `/esi/devis/${devis.id}`, body, {
        accept: 'application/json',
      })
      status = response.status
      await response.text()
    })
    assert.equal(status, 200)
    assert.isAtMost(sent.length, 3, sent.join('\n'))
  })

  test('what one statement does not save gets the transaction’s answer', async ({ assert }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const input: DevisInput = {
      client_id: c.idClient,
      objet: 'Véranda',
      remise_globale_pct: '0',
      acompte_pct: '30',
      lignes: [],
    }
    // A stale version: the 409 and its message, nothing written
    const devis = await makeDevis(user, c)
    await assert.rejects(
      () =>
        updateDevis(systemActor(), devis.id, devis.lockVersion + 5, input, user.id, {
          client: {
            type: c.type,
            civilite: c.civilite,
            nom: c.nom,
            prenom: c.prenom,
            societe: null,
          },
          devisStatut: 'brouillon',
        }),
      /a été modifié .*depuis que vous l’avez ouvert/
    )
    const untouched = await Devis.findOrFail(devis.id)
    assert.equal(untouched.objet, 'Devis de test')

    // The client renamed since the lookup: the name read in the transaction is written
    const refs = await lookedUp(devis.id, input)
    await db.from('clients').where('id_client', c.idClient).update({ nom: 'Renommé' })
    const saved = await updateDevis(
      systemActor(),
      devis.id,
      devis.lockVersion,
      input,
      user.id,
      refs
    )
    const renamed = await Devis.findOrFail(devis.id)
    assert.include(renamed.clientNom, 'Renommé')
    assert.equal(renamed.lockVersion, saved.devis.lockVersion)

    // A sent devis becomes a new revision, as before
    const sent = await makeDevis(user, c)
    await changeDevisStatut(systemActor(user), {
      devisId: sent.id,
      to: 'envoye',
      lockVersion: sent.lockVersion,
      userId: user.id,
    })
    const current = await Devis.findOrFail(sent.id)
    const revised = await updateDevis(
      systemActor(),
      sent.id,
      current.lockVersion,
      input,
      user.id,
      await lookedUp(sent.id, input)
    )
    assert.isTrue(revised.revised)
    assert.equal(revised.devis.revision, 2)
    const again = await Devis.findOrFail(sent.id)
    assert.equal(again.statut, 'brouillon')
  })

  test('the line values the editor sends as text land as before', async ({ assert }) => {
    const { user, visitor } = await staffVisitor()
    const devis = await makeDevis(user)
    const c = await makeClient()
    const body = devisBody(c, {
      lock_version: devis.lockVersion,
      lignes: [ligne({ quantite: '2,125', prix_unitaire_ht: '1 234,56', remise_pct: '12,5' })],
    })
    const response = await visitor.request('PUT', `/esi/devis/${devis.id}`, body, {
      accept: 'application/json',
    })
    assert.equal(response.status, 200)
    const line = await db.from('devis_lignes').where('devis_id', devis.id).firstOrFail()
    assert.equal(line.quantite, '2.125')
    assert.equal(line.prix_unitaire_ht, 123456)
    assert.equal(line.remise_pct, '12.50')
  })

  test('a save writes only the lines that changed (decision 862)', async ({ assert }) => {
    const { user, visitor } = await staffVisitor()
    const devis = await makeDevis(user)
    const c = await makeClient()
    const lignes = [1, 2, 3, 4, 5].map((n) => ligne({ designation: `Châssis n° ${n}` }))
    let lockVersion = devis.lockVersion
    const save = async (sent: typeof lignes) => {
      const response = await visitor.request(
        'PUT',
        `/esi/devis/${devis.id}`,
        devisBody(c, { lock_version: lockVersion, lignes: sent }),
        { accept: 'application/json' }
      )
      assert.equal(response.status, 200)
      const saved = (await response.json()) as { lock_version: number }
      lockVersion = saved.lock_version
    }
    // Where each row is stored: an UPDATE or INSERT moves it, a row left alone keeps its place
    const rows = async () => {
      const result = await db.rawQuery(
        `SELECT position, id, ctid::text AS place, designation FROM devis_lignes
          WHERE devis_id = ? ORDER BY position`,
        [devis.id]
      )
      return result.rows as { position: number; id: string; place: string; designation: string }[]
    }

    await save(lignes)
    const first = await rows()
    assert.deepEqual(
      first.map((r) => r.designation),
      lignes.map((l) => l.designation)
    )
    await save(lignes)
    assert.deepEqual(await rows(), first, 'the same lines again: no line row written')

    const changed = [...lignes.slice(0, 2), ligne({ designation: 'Porte d’entrée' }), lignes[3]]
    await save(changed)
    const after = await rows()
    assert.deepEqual(
      after.map((r) => [r.position, r.id, r.designation]),
      [
        [1, first[0].id, 'Châssis n° 1'],
        [2, first[1].id, 'Châssis n° 2'],
        [3, first[2].id, 'Porte d’entrée'],
        [4, first[3].id, 'Châssis n° 4'],
      ]
    )
    assert.deepEqual(
      after.map((r) => r.place === first[r.position - 1].place),
      [true, true, false, true],
      'only the third line rewritten, the fifth deleted'
    )
  })
})
