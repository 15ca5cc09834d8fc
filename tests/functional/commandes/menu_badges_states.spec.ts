/*
 * The Commandes menu's step counts (decision 858: each commande's three steps folded into
 * flags) against the independent count, over every combination of the three steps' statuts
 * and the commande's own statut. The steps are set directly (not through setEtapeStatut, whose
 * gates would refuse most combinations): the query must count whatever the table holds.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { menuCommandeBadges } from '#services/commandes/commande_service'
import { forgetMenuBadges } from '#services/commandes/menu_badges'
import { ETAPE_STATUTS } from '#shared/commande_etapes'
import { commandeSignee, expectedMenuCounts } from '#tests/functional/commandes/timeline_helpers'

const STEPS = ['mesurage', 'approvisionnement', 'fourniture'] as const
const COMMANDE_STATUTS = ['en_cours', 'en_attente', 'terminee', 'annulee']

test.group('Commandes menu / counts over every state of the steps', (group) => {
  withTransaction(group)

  test('each combination of statuts is counted as the independent rule says', async ({
    assert,
  }) => {
    const commandes = []
    for (let i = 0; i < 6; i++) {
      const { commande } = await commandeSignee()
      commandes.push(commande)
    }
    const combos = ETAPE_STATUTS.flatMap((m) =>
      ETAPE_STATUTS.flatMap((a) => ETAPE_STATUTS.map((f) => [m, a, f]))
    )
    assert.lengthOf(combos, ETAPE_STATUTS.length ** 3)
    const seen = { mesurage: 0, approvisionnement: 0, fourniture: 0 }
    for (let round = 0; round * commandes.length < combos.length; round++) {
      for (const [i, commande] of commandes.entries()) {
        const combo = combos[(round * commandes.length + i) % combos.length]
        for (const [k, etape] of STEPS.entries()) {
          await db
            .from('commande_etapes')
            .where({ commande_id: commande.id, etape })
            .update({ statut: combo[k] })
        }
        // The first commande also goes through every statut of its own
        const statut = i === 0 ? COMMANDE_STATUTS[round % COMMANDE_STATUTS.length] : 'en_cours'
        await db.from('commandes').where('id', commande.id).update({ statut })
      }
      forgetMenuBadges()
      const badges = await menuCommandeBadges()
      const expected = await expectedMenuCounts()
      assert.deepEqual(
        {
          mesurage: badges['/esi/commandes/mesurage'],
          approvisionnement: badges['/esi/commandes/production'],
          fourniture: badges['/esi/commandes/fourniture'],
        },
        expected,
        `round ${round}`
      )
      for (const key of STEPS) seen[key] += expected[key]
    }
    // The rounds did put commandes on each list
    for (const key of STEPS) assert.isAbove(seen[key], 0)
  })
})
