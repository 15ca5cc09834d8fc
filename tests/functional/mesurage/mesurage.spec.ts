/*
 * The measurement sheet (issue 12 §2) through HTTP: prefilled from the bdc at first opening, the
 * phone's sync idempotent (the same payload twice gives the same rows, a deleted row never comes
 * back), refusals in French next to the field, validation flagging the differences with the
 * société's tolerance and moving the mesurage step, reopening while nothing is ordered, the PDF,
 * the list of what waits, and the rights (esi only).
 */
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  commandeAMesurer,
  postJson,
  rowOf,
  showUrl,
  syncUrl,
} from '#tests/functional/mesurage/helpers'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { MOTIF_AVENANT } from '#services/commandes/mesure_service'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import { FILE_KINDS } from '#services/storage/files'

async function open(client: any, user: any, id: number) {
  const response = await client.get(showUrl(id)).loginAs(user).withInertia()
  response.assertStatus(200)
  return response.body().props
}

async function etape(commandeId: number, name = 'mesurage') {
  return db.from('commande_etapes').where({ commande_id: commandeId, etape: name }).first()
}

async function statutOf(commandeId: number): Promise<string> {
  const row = await etape(commandeId)
  return row.statut
}

async function rowsOf(commandeId: number) {
  return db
    .from('mesure_lignes')
    .join('mesures', 'mesures.id', 'mesure_lignes.mesure_id')
    .where('mesures.commande_id', commandeId)
    .orderBy('mesure_lignes.position')
    .select('mesure_lignes.*')
}

/** Measures every row at its quoted size (or 1000 × 1000). */
function measured(lignes: any[], patch: (l: any) => Record<string, unknown> = () => ({})) {
  return lignes.map((l) =>
    rowOf(l, {
      largeur_mm: l.reference.largeur_mm ?? 1000,
      hauteur_mm: l.reference.hauteur_mm ?? 1000,
      ...patch(l),
    })
  )
}

test.group('Mesurage / the sheet', (group) => {
  withTransaction(group)
  group.teardown(async () => {
    await drive.use().deleteAll(FILE_KINDS.photo.folder)
    await drive.use().deleteAll(FILE_KINDS.vignette.folder)
    await drive.use().deleteAll(FILE_KINDS.commande_document.folder)
  })

  test('a photo of a row from the camera is shown under that row', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const { lignes } = await open(client, user, commande.id)
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#39c' },
    })
      .jpeg()
      .toBuffer()
    const sent = await client
      .post(`/esi/commandes/${commande.id}/fichiers`)
      .loginAs(user)
      .header('accept', 'application/json')
      .header('x-requested-with', 'XMLHttpRequest')
      .field('etape', 'mesurage')
      .field('mesure_ligne_id', String(lignes[1].id))
      .file('fichier', jpeg, { filename: 'porte.jpg' })
      .withCsrfToken()
    assert.isBelow(sent.status(), 300)
    const page = await open(client, user, commande.id)
    assert.lengthOf(page.photos, 1)
    assert.equal(page.photos[0].mesure_ligne_id, lignes[1].id)
    // The row removed: its photo stays with the commande's mesurage step
    const removed = await postJson(client, user, syncUrl(commande.id), {
      supprimees: [lignes[1].client_uuid],
    })
    removed.assertStatus(200)
    const after = await open(client, user, commande.id)
    assert.lengthOf(after.photos, 1)
    assert.isNull(after.photos[0].mesure_ligne_id)
  })

  test('first opening prefills one row per quoted item to measure, once', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const response = await client.get(showUrl(commande.id)).loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('esi/mesurage/Show')
    const props = response.body().props
    assert.equal(props.mesure.statut, 'brouillon')
    // Pose, main d'œuvre (heure), section: not measured
    assert.deepEqual(
      props.lignes.map((l: any) => l.designation),
      [
        'Châssis PVC oscillo-battant 1 vantail 60 × 120 cm, blanc',
        'Porte d’entrée PVC panneau décoratif 100 × 215 cm',
        'Fenêtre sur mesure 1000x1400 mm anthracite',
      ]
    )
    const [chassis, porte, fenetre] = props.lignes
    assert.include(chassis.reference, {
      largeur_mm: 600,
      hauteur_mm: 1200,
      couleur: 'blanc',
      quantite: 2,
    })
    assert.equal(chassis.quantite, 2)
    assert.equal(chassis.couleur, 'blanc')
    assert.equal(chassis.repere, '')
    assert.isNull(chassis.largeur_mm)
    assert.include(porte.reference, { largeur_mm: 1000, hauteur_mm: 2150 })
    assert.include(fenetre.reference, { largeur_mm: 1000, hauteur_mm: 1400, couleur: 'anthracite' })
    assert.equal(props.tolerance_mm, 10)

    // Opened again: the same rows, not doubled; the step is untouched until something is sent
    const again = await open(client, user, commande.id)
    assert.deepEqual(
      again.lignes.map((l: any) => l.client_uuid),
      props.lignes.map((l: any) => l.client_uuid)
    )
    assert.equal(await statutOf(commande.id), 'a_faire')
  })

  test('sync is idempotent: the same payload twice gives the same rows; deletions stay deleted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const { lignes } = await open(client, user, commande.id)
    const added = randomUUID()
    const payload = {
      lignes: [
        rowOf(lignes[0], {
          repere: 'Cuisine',
          largeur_mm: 605,
          hauteur_mm: 1195,
          sens_ouverture: 'oscillo_battant_gauche',
        }),
        {
          client_uuid: added,
          position: 4,
          repere: 'Garage',
          designation: 'Porte de service',
          largeur_mm: 900,
          hauteur_mm: 2000,
          quantite: 1,
          // A client cannot attach a row to a quoted line
          bdc_ligne_id: lignes[1].bdc_ligne_id,
        },
      ],
      supprimees: [lignes[2].client_uuid],
      remarques: 'Accès par la cour',
    }
    const first = await postJson(client, user, syncUrl(commande.id), payload)
    first.assertStatus(200)
    const second = await postJson(client, user, syncUrl(commande.id), payload)
    second.assertStatus(200)
    assert.deepEqual(second.body().lignes, first.body().lignes)
    assert.equal(second.body().lock_version, first.body().lock_version + 1)

    const rows = await rowsOf(commande.id)
    assert.lengthOf(rows, 3)
    assert.deepEqual(
      rows.map((r) => r.client_uuid).sort(),
      [lignes[0].client_uuid, lignes[1].client_uuid, added].sort()
    )
    const cuisine = rows.find((r) => r.client_uuid === lignes[0].client_uuid)!
    assert.include(cuisine, {
      repere: 'Cuisine',
      largeur_mm: 605,
      hauteur_mm: 1195,
      sens_ouverture: 'oscillo_battant_gauche',
    })
    const garage = rows.find((r) => r.client_uuid === added)!
    assert.isNull(garage.bdc_ligne_id)
    assert.deepEqual(garage.reference, {})
    const mesure = await db.from('mesures').where('commande_id', commande.id).first()
    assert.equal(mesure.remarques, 'Accès par la cour')

    // An older state re-sent (the deleted row in it) does not bring the row back
    const stale = await postJson(client, user, syncUrl(commande.id), { lignes: [rowOf(lignes[2])] })
    stale.assertStatus(200)
    assert.lengthOf(await rowsOf(commande.id), 3)
    // Started: the step is en cours, with its history
    assert.equal(await statutOf(commande.id), 'en_cours')
  })

  test('refusals: 422 with the French message next to the row field', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const { lignes } = await open(client, user, commande.id)
    const bad = await postJson(client, user, syncUrl(commande.id), {
      lignes: [
        rowOf(lignes[0], { largeur_mm: 'abc', hauteur_mm: 0 }),
        rowOf(lignes[1], { quantite: 0, sens_ouverture: 'en biais' }),
        rowOf(lignes[2], { client_uuid: 'pas-un-uuid' }),
      ],
    })
    bad.assertStatus(422)
    const errors = Object.fromEntries(bad.body().errors.map((e: any) => [e.field, e.message]))
    assert.equal(
      errors['lignes.0.largeur_mm'],
      'La largeur est un nombre entier de millimètres (1 à 100 000).'
    )
    assert.equal(
      errors['lignes.0.hauteur_mm'],
      'La hauteur est un nombre entier de millimètres (1 à 100 000).'
    )
    assert.equal(
      errors['lignes.1.quantite'],
      'La quantité est un nombre positif (jusqu’à 3 décimales).'
    )
    assert.equal(errors['lignes.1.sens_ouverture'], 'Choisissez un sens d’ouverture de la liste.')
    assert.equal(errors['lignes.2.client_uuid'], 'Identifiant de ligne invalide.')
    // Nothing written
    const rows = await rowsOf(commande.id)
    assert.isTrue(rows.every((r) => r.largeur_mm === null))

    // Another sheet's row cannot be taken over
    const other = await commandeAMesurer({ clientNom: 'Autre' })
    const otherProps = await open(client, user, other.commande.id)
    const steal = await postJson(client, user, syncUrl(commande.id), {
      lignes: [rowOf(otherProps.lignes[0], { repere: 'volé' })],
    })
    steal.assertStatus(422)
    assert.equal(
      steal.body().errors[0].message,
      'Cette ligne appartient à une autre feuille de mesurage.'
    )
    const untouched = await rowsOf(other.commande.id)
    assert.equal(untouched[0].repere, '')
  })

  test('validation: every row measured, differences flagged, step faite or bloquee', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const props = await open(client, user, commande.id)
    const valider = (lockVersion: number) =>
      postJson(client, user, `/esi/commandes/mesurage/${commande.id}/valider`, {
        lock_version: lockVersion,
      })

    // Nothing measured: refused, each missing field named by its row
    const missing = await valider(props.mesure.lock_version)
    missing.assertStatus(422)
    const fields = missing.body().errors.map((e: any) => e.field)
    assert.include(fields, `lignes.${props.lignes[0].client_uuid}.largeur_mm`)
    assert.include(fields, `lignes.${props.lignes[2].client_uuid}.hauteur_mm`)
    assert.include(JSON.stringify(missing.body()), 'Mesurez la largeur (mm).')

    // Within ±10 mm everywhere: no difference
    const synced = await postJson(client, user, syncUrl(commande.id), {
      lignes: measured(props.lignes, (l) => ({
        largeur_mm: (l.reference.largeur_mm ?? 1000) + 10,
      })),
    })
    synced.assertStatus(200)
    // A stale version is refused with the conflict message
    const stale = await valider(props.mesure.lock_version)
    stale.assertStatus(409)
    const ok = await valider(synced.body().lock_version)
    ok.assertStatus(200)
    assert.equal(ok.body().ecarts, 0)
    assert.equal(await statutOf(commande.id), 'faite')
    const mesure = await db.from('mesures').where('commande_id', commande.id).first()
    assert.equal(mesure.statut, 'validee')
    assert.equal(mesure.tolerance_mm, 10)

    // Validated: the sheet no longer changes
    const late = await postJson(client, user, syncUrl(commande.id), { remarques: 'trop tard' })
    late.assertStatus(422)
    assert.equal(
      late.body().message,
      'La feuille de mesurage est validée : rouvrez-la pour la modifier.'
    )
  })

  test('differences beyond the tolerance, a changed option and quantity, an added and a removed item', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const societe = await esiSociete()
    societe.toleranceMesureMm = 5
    await societe.save()
    const { commande } = await commandeAMesurer()
    const props = await open(client, user, commande.id)
    const [chassis, porte, fenetre] = props.lignes
    const synced = await postJson(client, user, syncUrl(commande.id), {
      lignes: [
        rowOf(chassis, { largeur_mm: 612, hauteur_mm: 1203, couleur: 'Anthracite', quantite: 1 }),
        rowOf(porte, { largeur_mm: 1000, hauteur_mm: 2150 }),
        {
          client_uuid: randomUUID(),
          position: 4,
          designation: 'Œil-de-bœuf',
          largeur_mm: 500,
          hauteur_mm: 500,
          quantite: 1,
        },
      ],
      supprimees: [fenetre.client_uuid],
    })
    synced.assertStatus(200)
    const ok = await postJson(client, user, `/esi/commandes/mesurage/${commande.id}/valider`, {
      lock_version: synced.body().lock_version,
    })
    ok.assertStatus(200)
    // 612 vs 600 (+12 > 5), colour, quantity; the added item; the removed window
    assert.equal(ok.body().ecarts, 5)
    const rows = await rowsOf(commande.id)
    const c = rows.find((r) => r.client_uuid === chassis.client_uuid)!
    assert.deepEqual(
      c.ecarts.map((e: any) => e.champ),
      ['largeur_mm', 'couleur', 'quantite']
    )
    assert.include(c.ecarts[0].message, 'écart +12 mm, tolérance ±5 mm')
    assert.deepEqual(rows.find((r) => r.client_uuid === porte.client_uuid)!.ecarts, [])
    const mesure = await db.from('mesures').where('commande_id', commande.id).first()
    assert.lengthOf(mesure.ecarts, 1)
    assert.include(mesure.ecarts[0].message, 'Fenêtre sur mesure')
    const step = await etape(commande.id)
    assert.equal(step.statut, 'bloquee')
    assert.equal(step.motif_blocage, MOTIF_AVENANT)

    // The validated sheet is attached to the commande as a PDF of the mesurage step
    const docs = await db
      .from('commande_fichiers')
      .where({ commande_id: commande.id, etape: 'mesurage', kind: 'document' })
    assert.lengthOf(docs, 1)
    assert.equal(ok.body().document_id, Number(docs[0].id))
    assert.equal(docs[0].mime, 'application/pdf')

    // The page shows them in red, the PDF prints them
    const page = await open(client, user, commande.id)
    assert.equal(page.document.id, Number(docs[0].id))
    assert.lengthOf(page.lignes[0].ecarts, 3)
    assert.equal(page.etape.motif_blocage, MOTIF_AVENANT)
    const pdf = await client.get(`/esi/commandes/mesurage/${commande.id}/pdf`).loginAs(user)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
  })

  test('reopening: with a motif, while the approvisionnement has not started', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    const props = await open(client, user, commande.id)
    const synced = await postJson(client, user, syncUrl(commande.id), {
      lignes: measured(props.lignes),
    })
    const validated = await postJson(
      client,
      user,
      `/esi/commandes/mesurage/${commande.id}/valider`,
      {
        lock_version: synced.body().lock_version,
      }
    )
    validated.assertStatus(200)
    const page = await open(client, user, commande.id)
    const url = `/esi/commandes/mesurage/${commande.id}/rouvrir`

    const noMotif = await postJson(client, user, url, { lock_version: page.mesure.lock_version })
    noMotif.assertStatus(422)
    assert.include(JSON.stringify(noMotif.body()), 'Indiquez pourquoi la feuille est rouverte.')

    // Ordered from the supplier: too late
    await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'approvisionnement' })
      .update({ statut: 'en_cours' })
    const refused = await postJson(client, user, url, {
      lock_version: page.mesure.lock_version,
      motif: 'Client change d’avis',
    })
    refused.assertStatus(422)
    assert.equal(
      refused.body().message,
      'L’approvisionnement a commencé : la feuille de mesurage ne peut plus être rouverte.'
    )
    const refusedPage = await open(client, user, commande.id)
    assert.equal(refusedPage.reouverture.raison, refused.body().message)

    await db
      .from('commande_etapes')
      .where({ commande_id: commande.id, etape: 'approvisionnement' })
      .update({ statut: 'a_faire' })
    const reopened = await postJson(client, user, url, {
      lock_version: page.mesure.lock_version,
      motif: 'Client change d’avis',
    })
    reopened.assertStatus(200)
    const after = await open(client, user, commande.id)
    assert.equal(after.mesure.statut, 'brouillon')
    assert.equal(after.etape.statut, 'en_cours')
    assert.isTrue(
      after.historique.some(
        (h: any) => h.action === 'reouverture' && h.detail === 'Client change d’avis'
      )
    )
  })

  test('a cancelled commande: its sheet no longer changes', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { commande } = await commandeAMesurer()
    await open(client, user, commande.id)
    await db.from('commandes').where('id', commande.id).update({ statut: 'annulee' })
    const refused = await postJson(client, user, syncUrl(commande.id), { remarques: 'x' })
    refused.assertStatus(422)
    assert.equal(
      refused.body().message,
      'La commande est annulée : la feuille ne peut plus changer.'
    )
  })

  test('rights: esi only; unknown commande 404', async ({ client, assert }) => {
    const { commande } = await commandeAMesurer()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const page = await client.get(showUrl(commande.id)).loginAs(user).withInertia()
      page.assertStatus(403)
      const sync = await postJson(client, user, syncUrl(commande.id), { remarques: 'x' })
      sync.assertStatus(403)
      const list = await client.get('/esi/commandes/mesurage').loginAs(user).withInertia()
      list.assertStatus(403)
    }
    const guest = await client.get(showUrl(commande.id)).redirects(0)
    assert.equal(guest.header('location'), '/login')
    const esi = await makeUser('esi')
    const unknown = await client.get(showUrl(2147483000)).loginAs(esi).withInertia()
    unknown.assertStatus(404)
    assert.lengthOf(await db.from('mesures').where('commande_id', commande.id), 0)
  })

  test('the list: what waits to be measured, late first, filters in the URL', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const chef = await makeUser('esi', { name: 'Chef Dupont' })
    const a = await commandeAMesurer({ clientNom: 'Aubry' })
    const b = await commandeAMesurer({ clientNom: 'Zénon', user })
    const c = await commandeAMesurer({ clientNom: 'Martin' })
    // a is planned for yesterday (late), c is measured already
    await db
      .from('commande_etapes')
      .where({ commande_id: a.commande.id, etape: 'mesurage' })
      .update({ prevue_fin: new Date(Date.now() - 86_400_000) })
    await db
      .from('commande_etapes')
      .where({ commande_id: c.commande.id, etape: 'mesurage' })
      .update({ statut: 'faite' })
    await db.from('commandes').where('id', b.commande.id).update({ chef_projet_id: chef.id })
    const list = async (query = '') => {
      const response = await client
        .get(`/esi/commandes/mesurage${query}`)
        .loginAs(user)
        .withInertia()
      response.assertStatus(200)
      return response.body().props.commandes.data
    }
    const numeros = async (query: string) => {
      const rows = await list(query)
      return rows.map((r: any) => r.numero)
    }
    const all = await list()
    assert.deepEqual(
      all.map((r: any) => r.numero),
      [a.commande.numero, b.commande.numero]
    )
    assert.isTrue(all[0].en_retard)
    assert.isFalse(all[1].en_retard)
    assert.deepEqual(await numeros('?filter[etat]=faite'), [c.commande.numero])
    assert.deepEqual(await numeros(`?filter[commercial]=${user.id}`), [b.commande.numero])
    assert.deepEqual(await numeros(`?filter[chef]=${chef.id}`), [b.commande.numero])
    assert.deepEqual(await numeros('?q=zenon'), [b.commande.numero])
    assert.deepEqual(await numeros('?sort=-echeance'), [b.commande.numero, a.commande.numero])
    // A bad filter is a warning, never a 500
    const bad = await client
      .get('/esi/commandes/mesurage?filter[etat]=x&filter[chef]=abc')
      .loginAs(user)
      .withInertia()
    bad.assertStatus(200)
    assert.lengthOf(bad.body().props.warnings, 2)
  })

  test('the list pages by keyset on the due date, both ways', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const made: number[] = []
    for (let i = 0; i < 11; i++) {
      const { commande } = await commandeAMesurer({ clientNom: `Client ${i}` })
      made.push(commande.id)
      // Due dates 1 to 11 days ago, the same for two of them (the id breaks the tie)
      await db
        .from('commande_etapes')
        .where({ commande_id: commande.id, etape: 'mesurage' })
        .update({ prevue_fin: new Date(Date.now() - 86_400_000 * (11 - Math.min(i, 9))) })
    }
    const get = async (query: string) => {
      const response = await client
        .get(`/esi/commandes/mesurage${query}`)
        .loginAs(user)
        .withInertia()
      response.assertStatus(200)
      return response.body().props.commandes
    }
    const first = await get('?per_page=10')
    assert.lengthOf(first.data, 10)
    assert.isNotNull(first.next)
    const second = await get(`?per_page=10&after=${first.next}`)
    assert.lengthOf(second.data, 1)
    const ids = [...first.data, ...second.data].map((r: any) => r.id)
    assert.sameMembers(ids, made)
    const back = await get(`?per_page=10&before=${second.prev}`)
    assert.deepEqual(
      back.data.map((r: any) => r.id),
      first.data.map((r: any) => r.id)
    )
  })
})
