/*
 * The Commandes menu's counts kept for 30 s in the process (decision 286): one query for
 * concurrent visits, forgotten by a change so its author sees it at once.
 */
import { test } from '@japa/runner'
import { cachedMenuBadges, forgetMenuBadges } from '#services/commandes/menu_badges'

test.group('Menu badges / kept counts', (group) => {
  group.each.setup(() => forgetMenuBadges())

  test('concurrent visits share one computation; a change forgets it', async ({ assert }) => {
    let computed = 0
    const compute = async () => ({ '/esi/commandes': ++computed })
    const [a, b] = await Promise.all([cachedMenuBadges(compute), cachedMenuBadges(compute)])
    assert.deepEqual(a, { '/esi/commandes': 1 })
    assert.deepEqual(b, { '/esi/commandes': 1 })
    assert.deepEqual(await cachedMenuBadges(compute), { '/esi/commandes': 1 })
    forgetMenuBadges()
    assert.deepEqual(await cachedMenuBadges(compute), { '/esi/commandes': 2 })
  })

  test('a failed computation is not kept', async ({ assert }) => {
    let calls = 0
    const failing = async () => {
      calls++
      throw new Error('base indisponible')
    }
    await assert.rejects(() => cachedMenuBadges(failing))
    await assert.rejects(() => cachedMenuBadges(failing))
    assert.equal(calls, 2)
  })
})
