/*
 * The archive's file (issue 14 §4): the demo's finished commandes (seeded in the test's
 * transaction) opened at /esi/archive/:id carry every part of their file — each compared with
 * an independent SQL read — and none of the commande's write routes changes a finished one
 * (decision 523). A running commande is a 404 here, an unknown id too; pro/other get 403.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { makeUser, withTransaction } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { demoCommandes } from '#database/demo/commandes_story'
import CommandeFichier from '#models/commande_fichier'
import { COMMANDE_TERMINEE_MESSAGE } from '#services/commandes/commande_terminee'
import { commandeArchivee } from '#tests/functional/archive/helpers'
import type { ArchiveShowProps } from '../../../inertia/components/archive/types.js'

const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b)

async function seeded() {
  const trx = await db.beginGlobalTransaction()
  await seedDemo(trx)
  return demoCommandes(trx)
}

/** Everything a hand edit could change in the commande's file. */
async function etat(commandeId: number) {
  const one = (sql: string) => db.rawQuery(sql, [commandeId]).then((r) => r.rows)
  return {
    commande: await one(`SELECT statut, lock_version, updated_at, terminee_le, motif_annulation
                           FROM commandes WHERE id = ?`),
    etapes: await one(`SELECT etape, statut, lock_version, notes FROM commande_etapes
                        WHERE commande_id = ? ORDER BY etape`),
    mesure: await one(`SELECT m.statut, m.lock_version, count(l.id)::int AS lignes FROM mesures m
                        LEFT JOIN mesure_lignes l ON l.mesure_id = m.id
                        WHERE m.commande_id = ? GROUP BY m.id`),
    cfs: await one(`SELECT id, statut, lock_version FROM commandes_fournisseur
                     WHERE commande_id = ? ORDER BY id`),
    receptions: await one(`SELECT id, annulee_le FROM receptions WHERE commande_id = ?`),
    avenants: await one(`SELECT id FROM avenants WHERE commande_id = ?`),
    factures:
      await one(`SELECT f.id, f.statut FROM factures f JOIN commandes c ON c.bdc_id = f.bdc_id
                          WHERE c.id = ? ORDER BY f.id`),
  }
}

test.group('Archive / file', (group) => {
  withTransaction(group)

  test('a finished commande opens with every part of its file', async ({ client, assert }) => {
    const { finished } = await seeded()
    const esi = await makeUser('esi')
    const id = finished[0]
    // A work photo: the file shows it (the photos' own tests store real ones)
    const photo = await CommandeFichier.create({
      commandeId: id,
      etape: 'pose',
      kind: 'photo',
      nomStocke: `${randomUUID()}.jpg`,
      vignette: `${randomUUID()}.jpg`,
      mime: 'image/jpeg',
      taille: 1000,
      nomOriginal: 'facade.jpg',
      legende: 'Façade après travaux',
    })

    const response = await client.get(`/esi/archive/${id}`).withInertia().loginAs(esi)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/archive/Show')
    const p = response.inertiaProps as unknown as ArchiveShowProps
    const c = await db.from('commandes').where('id', id).firstOrFail()
    const bdc = await db.from('bdcs').where('id', c.bdc_id).firstOrFail()
    assert.equal(p.commande.numero, c.numero)
    assert.equal(p.commande.statut, 'terminee')
    assert.equal(p.fin_le, new Date(c.terminee_le).toISOString().replace('.000Z', '.000+00:00'))

    // Devis: every frozen version and the current one
    const revisions = await db.from('devis_revisions').where('devis_id', bdc.devis_id)
    assert.isAtLeast(revisions.length, 1)
    assert.deepEqual(
      p.devis!.revisions.map((r) => r.revision).sort(),
      revisions.map((r) => r.revision).sort()
    )
    assert.equal(p.devis!.id, bdc.devis_id)
    // Bdc with its signature
    assert.equal(p.bdc.numero, bdc.numero)
    assert.equal(p.bdc.signature.signataire, bdc.signataire)
    assert.equal(p.bdc.signature.type, bdc.signature_type)
    // Measurement sheet
    const lignes = await db
      .from('mesure_lignes as l')
      .join('mesures as m', 'm.id', 'l.mesure_id')
      .where('m.commande_id', id)
    assert.equal(p.mesure!.statut, 'validee')
    assert.lengthOf(p.mesure!.lignes, lignes.length)
    assert.isAbove(lignes.length, 0)
    // Supplier orders and the PV
    const cfs = await db.from('commandes_fournisseur').where('commande_id', id)
    assert.isAbove(cfs.length, 0)
    assert.deepEqual(ids(p.commandes_fournisseur), ids(cfs))
    const pv = await db.from('receptions').where('commande_id', id).whereNull('annulee_le').first()
    assert.equal(p.reception!.id, pv.id)
    // Factures, payments allocated to them
    const factures = await db.from('factures').where('bdc_id', c.bdc_id)
    assert.isAtLeast(factures.length, 2)
    assert.deepEqual(ids(p.facturation.factures), ids(factures))
    const paiements = await db
      .from('paiement_allocations as a')
      .join('factures as f', 'f.id', 'a.facture_id')
      .where('f.bdc_id', c.bdc_id)
      .distinct('a.paiement_id as id')
    assert.isAbove(paiements.length, 0)
    assert.deepEqual(ids(p.paiements), ids(paiements))
    // Emails: the devis's two sendings, the supplier orders', the solde's
    const { rows: mails } = await db.rawQuery(
      `SELECT count(*)::int AS n FROM audit_logs a
        WHERE (a.subject_type = 'devis' AND a.subject_id = ? AND a.action = 'devis.envoye')
           OR (a.subject_type = 'facture' AND a.action IN ('facture.envoyee', 'facture.relancee')
               AND a.subject_id IN (SELECT id::text FROM factures WHERE bdc_id = ?))
           OR (a.subject_type = 'commande_fournisseur' AND a.action = 'commande_fournisseur.envoyee'
               AND a.subject_id IN (SELECT id::text FROM commandes_fournisseur WHERE commande_id = ?))
           OR (a.subject_type = 'demande_paiement'
               AND a.subject_id IN (SELECT id::text FROM demandes_paiement WHERE bdc_id = ?))`,
      [String(bdc.devis_id), c.bdc_id, id, c.bdc_id]
    )
    assert.isAtLeast(mails[0].n, 4)
    assert.lengthOf(p.mails, mails[0].n)
    assert.isTrue(p.mails.some((m) => m.quoi === 'Facture envoyée' && m.destinataire !== null))
    // Photos and documents, history
    const fichiers = await db.from('commande_fichiers').where('commande_id', id)
    assert.deepEqual(ids(p.fichiers), ids(fichiers))
    assert.isTrue(p.fichiers.some((f) => Number(f.id) === Number(photo.id) && f.kind === 'photo'))
    assert.lengthOf(p.timeline.etapes, 7)
    const histo = await db.from('commande_etape_historique').where('commande_id', id)
    const shown =
      p.timeline.historique.length + p.timeline.etapes.flatMap((e) => e.historique).length
    assert.equal(shown, histo.length)

    // Notes de crédit: the finished commande whose factures have one
    const withNc = await db
      .from('notes_credit as n')
      .join('factures as f', 'f.id', 'n.facture_id')
      .join('commandes as c', 'c.bdc_id', 'f.bdc_id')
      .whereIn('c.id', finished)
      .select('c.id as commande_id', 'n.id')
    assert.isAbove(withNc.length, 0)
    const ncCommande = withNc[0].commande_id
    const nc = await client.get(`/esi/archive/${ncCommande}`).withInertia().loginAs(esi)
    assert.deepEqual(
      ids((nc.inertiaProps as unknown as ArchiveShowProps).notes_credit),
      ids(withNc.filter((r) => r.commande_id === ncCommande))
    )
  }).timeout(120_000)

  test('a cancelled commande opens too; running and unknown ones are 404; pro/other 403', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const annulee = await commandeArchivee({ statut: 'annulee' })
    const enCours = await commandeArchivee({ statut: 'en_cours' })
    // A SAV visit of that commande whose reminder was mailed, another whose mail failed
    const visites = await db
      .table('planifications')
      .insert(
        [1, 2].map((n) => ({
          type: 'tec',
          nature: 'sav',
          commande_id: annulee.id,
          debut: `2026-02-0${n}T08:00:00Z`,
          fin: `2026-02-0${n}T10:00:00Z`,
          titre: `Visite SAV ${n}`,
        }))
      )
      .returning('id')
    await db.table('planification_rappels').insert([
      {
        planification_id: visites[0].id,
        email: 'client@example.com',
        envoye: true,
        debut_visite: '2026-02-01T08:00:00Z',
        created_at: '2026-01-31T17:00:00Z',
      },
      {
        planification_id: visites[1].id,
        email: 'client@example.com',
        envoye: false,
        debut_visite: '2026-02-02T08:00:00Z',
      },
    ])
    const ok = await client.get(`/esi/archive/${annulee.id}`).withInertia().loginAs(esi)
    ok.assertStatus(200)
    const props = ok.inertiaProps as unknown as ArchiveShowProps
    assert.equal(props.commande.statut, 'annulee')
    assert.equal(props.timeline.motif_annulation, 'Doublon')
    assert.isNull(props.mesure)
    // The devis's sending (audit) and the reminder that left, oldest first; not the failed one
    assert.deepEqual(
      props.mails.map((m) => [m.quoi, m.document]),
      [
        ['Rappel de visite', 'Visite SAV 1'],
        ['Devis envoyé au client', props.devis!.numero],
      ]
    )
    assert.equal(props.mails[0].destinataire, 'client@example.com')
    // Opening it created nothing (no sheet made by the GET, no step refreshed)
    assert.isNull(await db.from('mesures').where('commande_id', annulee.id).first())

    for (const url of [`/esi/archive/${enCours.id}`, '/esi/archive/999999999']) {
      const response = await client.get(url).withInertia().loginAs(esi)
      response.assertStatus(404)
    }
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const response = await client.get(`/esi/archive/${annulee.id}`).loginAs(user)
      response.assertStatus(403)
    }
  })

  test('read only through HTTP: every write route of a finished commande refuses, nothing changes', async ({
    client,
    assert,
  }) => {
    const { finished } = await seeded()
    const esi = await makeUser('esi', { droit: 'admin' })
    const id = finished[0]
    const cf = await db.from('commandes_fournisseur').where('commande_id', id).firstOrFail()
    const etape = await db
      .from('commande_etapes')
      .where({ commande_id: id, etape: 'pose' })
      .firstOrFail()
    const bdc = await db
      .from('bdcs')
      .join('commandes', 'commandes.bdc_id', 'bdcs.id')
      .where('commandes.id', id)
      .select('bdcs.lock_version')
      .firstOrFail()
    const mesure = await db.from('mesures').where('commande_id', id).firstOrFail()
    const commande = await db.from('commandes').where('id', id).firstOrFail()
    const before = await etat(id)

    const v = { lock_version: etape.lock_version }
    const writes: [method: 'post' | 'put' | 'delete', url: string, body: object, json?: boolean][] =
      [
        ['put', `/esi/commandes/${id}/etapes/pose`, { ...v, notes: 'Retouche après coup' }],
        ['post', `/esi/commandes/${id}/etapes/pose/statut`, { ...v, statut: 'en_cours' }],
        [
          'post',
          `/esi/commandes/${id}/annuler`,
          { lock_version: commande.lock_version, motif: 'Doublon' },
        ],
        [
          'post',
          `/esi/commandes/${id}/retractation`,
          { lock_version: commande.lock_version, recue_le: '2026-01-05' },
        ],
        ['post', `/esi/commandes/${id}/facture-intermediaire`, { ...bdc, pct: '10' }],
        ['post', `/esi/commandes/${id}/facture-solde`, { ...bdc }],
        [
          'post',
          `/esi/commandes/mesurage/${id}/sync`,
          { lignes: [], remarques: 'Changé après coup' },
          true,
        ],
        [
          'post',
          `/esi/commandes/mesurage/${id}/valider`,
          { lock_version: mesure.lock_version },
          true,
        ],
        [
          'post',
          `/esi/commandes/mesurage/${id}/rouvrir`,
          { lock_version: mesure.lock_version, motif: 'Erreur de cote' },
          true,
        ],
        ['post', `/esi/commandes/production/${id}/preparer`, {}],
        [
          'put',
          `/esi/commandes-fournisseur/${cf.id}`,
          { lock_version: cf.lock_version, lignes: [] },
        ],
        ['delete', `/esi/commandes-fournisseur/${cf.id}`, { lock_version: cf.lock_version }],
        ['post', `/esi/commandes-fournisseur/${cf.id}/envoyer`, { lock_version: cf.lock_version }],
        [
          'post',
          `/esi/commandes-fournisseur/${cf.id}/confirmer`,
          { lock_version: cf.lock_version, date_livraison_confirmee: '2026-12-01' },
        ],
        [
          'post',
          `/esi/commandes-fournisseur/${cf.id}/livraisons`,
          {
            lock_version: cf.lock_version,
            date_livraison: '2026-12-01',
            lignes: [{ ligne_id: 1, quantite: '1', etat: 'ok' }],
          },
        ],
        ['post', `/esi/commandes/${id}/pose/commencer`, {}],
        ['post', `/esi/commandes/${id}/avenant`, {}],
        ['post', `/esi/commandes/${id}/ecarts-acceptes`, { motif: 'Accepté par le client' }],
      ]
    let terminee = 0
    for (const [method, url, body, json] of writes) {
      let request = client[method](url).loginAs(esi).header('referer', `/esi/archive/${id}`)
      // JSON bodies (an empty list survives them); the sheet's routes answer JSON themselves
      request = request.json(body)
      if (json) request = request.header('accept', 'application/json')
      const response = await request.withCsrfToken().redirects(0)
      const message =
        response.status() === 302
          ? response.flashMessage('error')
          : (response.body()?.message ?? response.body()?.errors?.[0]?.message)
      // Refused: an error answer, or the page back with an error message — never a success
      assert.isTrue(
        response.status() >= 400 || (response.status() === 302 && Boolean(message)),
        `${method} ${url}: ${response.status()} ${JSON.stringify(message)}`
      )
      if (message === COMMANDE_TERMINEE_MESSAGE) terminee++
    }
    // Most are refused by the archive's own rule (the others by a state rule met first)
    assert.isAtLeast(terminee, 10)
    assert.deepEqual(await etat(id), before)
  }).timeout(120_000)
})
