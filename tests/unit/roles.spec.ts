import { test } from '@japa/runner'
import { canReach, effectiveRole } from '#shared/roles'

test.group('shared/roles', () => {
  test('the effective role is acces_role for an esi, the role otherwise', ({ assert }) => {
    assert.equal(effectiveRole({ role: 'esi', acces_role: null }), 'esi')
    assert.equal(effectiveRole({ role: 'esi', acces_role: 'pro' }), 'pro')
    assert.equal(effectiveRole({ role: 'esi', acces_role: 'other' }), 'other')
    // Only staff may look through another role's eyes
    assert.equal(effectiveRole({ role: 'pro', acces_role: 'other' }), 'pro')
    assert.equal(effectiveRole({ role: 'other', acces_role: 'pro' }), 'other')
    // Garbage never widens rights
    assert.equal(effectiveRole({ role: 'esi', acces_role: 'esi' }), 'esi')
    assert.equal(effectiveRole({ role: 'root' as any }), 'other')
  })

  test('areas by effective role (DESIGN.md §4)', ({ assert }) => {
    const table: [Parameters<typeof canReach>[0], Record<string, boolean>][] = [
      [{ role: 'other' }, { app: true, partner: false, esi: false, admin: false }],
      [{ role: 'pro' }, { app: true, partner: true, esi: false, admin: false }],
      [{ role: 'esi' }, { app: true, partner: true, esi: true, admin: false }],
      [
        { role: 'esi', droit: 'admin' },
        { app: true, partner: true, esi: true, admin: true },
      ],
      [
        { role: 'esi', acces_role: 'pro', droit: 'admin' },
        { app: true, partner: true, esi: false, admin: false },
      ],
      [
        { role: 'esi', acces_role: 'other' },
        { app: true, partner: false, esi: false, admin: false },
      ],
      [
        { role: 'pro', droit: 'admin' },
        { app: true, partner: true, esi: false, admin: false },
      ],
    ]
    for (const [user, expected] of table) {
      for (const [area, allowed] of Object.entries(expected)) {
        assert.equal(canReach(user, area as any), allowed, `${JSON.stringify(user)} → ${area}`)
      }
    }
  })
})
