/*
 * A VALID body against another société's record (issue 15 §3): for every partner/app write route
 * that names a record, a pro administering société A sends a body that succeeds on A's own
 * record (checked: it writes) against société B's record: 404 or 403, and not one row of any
 * table changes (tests/fixtures/hostile/snapshot.ts). The list is checked against the router:
 * a new write route with an id must be added here, or listed as not scoped with its reason.
 */
import { test } from '@japa/runner'
import type User from '#models/user'
import UserTexte from '#models/user_texte'
import { makeUser, MUTATING_METHODS, routeList, withTransaction } from '#tests/helpers'
import { addMember, makeContact, makeSociete, withLogo } from '#tests/functional/societes/helpers'
import { makeOffre, offreBody } from '#tests/functional/offres/helpers'
import { makeTexte } from '#tests/functional/routes/params/textes'
import { TINY_PNG } from '#services/logo_storage'
import { changedTables, tableSnapshot } from '#tests/fixtures/hostile/snapshot'

type Made = {
  params: Record<string, number>
  body?: Record<string, unknown>
  file?: { field: string; bytes: Buffer; name: string }
}

/** A pro administering a fresh pro société, with one contact (with an address). */
async function partner() {
  const user = await makeUser('pro')
  const societe = await withLogo(await makeSociete('pro'))
  await addMember(societe, user, 'admin')
  const contact = await makeContact(societe, { email: 'contact.a@example.be' })
  return { user, societe, contact }
}
type Partner = Awaited<ReturnType<typeof partner>>

const SOCIETE_FORM = {
  nom: 'Menuiserie Lambert',
  type: 'pro',
  forme_juridique: 'SRL',
  numero_tva: 'BE0811223371',
  adresse: 'Rue de Fer 12',
  code_postal: '5000',
  localite: 'Namur',
  pays: 'BE',
  email: 'info@lambert.be',
  telephone: '+32 81 22 33 44',
}

/**
 * Per route: the record of `owner` the route names, and the body the ACTOR (`me`) would send
 * for his own record — valid for him, so only the record's société can refuse it.
 */
const CASES: Record<string, (owner: Partner, me: Partner) => Promise<Made>> = {
  'app.company.update': async (owner) => {
    await owner.societe.refresh()
    return {
      params: { id: owner.societe.id },
      body: { ...SOCIETE_FORM, lock_version: owner.societe.lockVersion },
    }
  },
  'app.company.logo.update': async (owner) => ({
    params: { id: owner.societe.id },
    file: { field: 'logo', bytes: TINY_PNG, name: 'logo.png' },
  }),
  'app.company.logo.destroy': async (owner) => ({ params: { id: owner.societe.id } }),
  'app.company.users.store': async (owner) => ({
    params: { id: owner.societe.id },
    body: {
      email: `invite.${Date.now()}${owner.user.id}@example.be`,
      name: 'Invité',
      role: 'admin',
    },
  }),
  'app.company.users.update': async (owner) => ({
    params: { id: await addMember(owner.societe, await makeUser('pro'), 'membre') },
    body: { role: 'admin' },
  }),
  'app.company.users.destroy': async (owner) => ({
    params: { id: await addMember(owner.societe, await makeUser('pro'), 'membre') },
  }),
  'partner.contacts.update': async (owner, me) => ({
    params: { id: owner.contact.id },
    body: { societe_id: me.societe.id, nom: 'Repris', lock_version: 1 },
  }),
  'partner.contacts.destroy': async (owner) => {
    const contact = await makeContact(owner.societe)
    return { params: { id: contact.id } }
  },
  'partner.offres.update': async (owner, me) => {
    const offre = await makeOffre(owner.societe, owner.contact)
    return { params: { id: offre.id }, body: { ...offreBody(me.contact.id), lock_version: 1 } }
  },
  'partner.offres.envoyer': async (owner) => {
    const offre = await makeOffre(owner.societe, owner.contact, { auteur: owner.user })
    return { params: { id: offre.id }, body: { lock_version: 1 } }
  },
  'partner.offres.transmettre': async (owner) => {
    const offre = await makeOffre(owner.societe, owner.contact)
    return { params: { id: offre.id }, body: { lock_version: 1 } }
  },
  'partner.profile_textes.update': async (owner) => {
    const texte = await makeTexte()
    const own = await UserTexte.create({
      userId: owner.user.id,
      texteId: texte.id,
      contenu: 'À moi',
    })
    return { params: { id: own.id }, body: { contenu: 'Repris par un autre' } }
  },
  'partner.profile_textes.destroy': async (owner) => {
    const texte = await makeTexte()
    const own = await UserTexte.create({
      userId: owner.user.id,
      texteId: texte.id,
      contenu: 'À moi',
    })
    return { params: { id: own.id } }
  },
}

/** Partner/app write routes with an id that are not a société's record, and why. */
const NOT_SCOPED: Record<string, string> = {}

const ROUTES = routeList().filter(
  (r) =>
    /^(app|partner)\./.test(r.name ?? '') &&
    r.pattern.includes(':') &&
    r.methods.some((m) => MUTATING_METHODS.includes(m))
)

function request(client: any, route: (typeof ROUTES)[number], made: Made, user: User) {
  const method = route.methods.find((m) => MUTATING_METHODS.includes(m))!.toLowerCase()
  const url = route.pattern.replace(/:([a-z_]+)/g, (_, p: string) => String(made.params[p]))
  let r = client[method](url).loginAs(user).header('referer', '/app').withCsrfToken().redirects(0)
  if (made.file) r = r.file(made.file.field, made.file.bytes, { filename: made.file.name })
  else r = r.json(made.body ?? {})
  return r
}

test.group('Security / a valid body against a foreign société', (group) => {
  withTransaction(group)

  test('every partner/app write route with an id is tried here', ({ assert }) => {
    const names = ROUTES.map((r) => r.name!)
    assert.isAbove(names.length, 10)
    assert.deepEqual(
      names.filter((n) => !CASES[n] && !NOT_SCOPED[n]),
      [],
      'add the route to CASES (or NOT_SCOPED with a reason)'
    )
  })

  for (const route of ROUTES) {
    const make = CASES[route.name!]
    if (!make) continue
    test(`${route.methods.join('|')} ${route.pattern} (${route.name})`, async ({
      client,
      assert,
    }) => {
      const me = await partner()
      const them = await partner()

      // Against B's record: refused, nothing written anywhere
      const foreign = await make(them, me)
      const before = await tableSnapshot()
      const refused = await request(client, route, foreign, me.user)
      assert.oneOf(refused.status(), [403, 404], refused.text().slice(0, 200))
      assert.deepEqual(changedTables(before, await tableSnapshot()), [])

      // The same kind of body on A's own record works: the refusal was about the société
      const own = await make(me, me)
      const beforeOwn = await tableSnapshot()
      const done = await request(client, route, own, me.user)
      assert.isBelow(done.status(), 400, done.text().slice(0, 300))
      assert.notExists(done.flashMessage('inputErrorsBag'), JSON.stringify(done.flashMessages()))
      assert.notExists(done.flashMessage('error'))
      assert.isNotEmpty(changedTables(beforeOwn, await tableSnapshot()), 'the body was not valid')
    })
  }
})
