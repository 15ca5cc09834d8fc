/*
 * CSV import and export of the catalogue: every line checked first, bad lines reported by their
 * number in the file with French messages and nothing imported; all lines written in one
 * transaction (upsert by reference); file size and type checked; formula-safe export that
 * imports back unchanged.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Produit from '#models/produit'
import { makeUser, withTransaction } from '#tests/helpers'
import { ProduitFactory } from '#database/factories/produit_factory'
import { SocieteFactory } from '#database/factories/societe_factory'
import { parseCsv } from '#services/csv'
import { IMPORT_MAX_BYTES } from '#services/produits/produit_import'

const HEADER =
  'Référence;Libellé;Description;Unité;Prix d’achat;Prix de vente HT;TVA %;Catégorie;Fournisseur;Actif'

function upload(client: any, user: any, content: string | Buffer, filename = 'catalogue.csv') {
  return client
    .post('/esi/produits/import')
    .loginAs(user)
    .header('accept', 'application/json')
    .file('fichier', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), {
      filename,
    })
    .withCsrfToken()
}

async function count() {
  const [{ n }] = await db.from('produits').count('* as n')
  return Number(n)
}

test.group('Produits / CSV import', (group) => {
  withTransaction(group)

  test('a good file creates and updates by reference, in French amounts', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await SocieteFactory.merge({ type: 'fournisseur', nom: 'Profilés Meuse SA' }).create()
    await ProduitFactory.merge({
      reference: 'POSE-1',
      libelle: 'Ancien libellé',
      prixVenteHt: 100,
    }).create()
    const file = [
      HEADER,
      'ch-pvc-1;Châssis PVC 1 vantail;"Profil 5 chambres; Uw 1,2";pièce;289;495,00;21;Châssis PVC;profilés meuse sa;oui',
      'POSE-1;Pose de châssis;;pièce;;185;6 %;Pose;;',
      "VIT-1;'=Vitrage;;m²;39,5;1 234,56;21;Vitrages;;non",
    ].join('\r\n')
    const response = await upload(client, user, '\uFEFF' + file)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      message: 'Import terminé : 2 produit(s) ajouté(s), 1 mis à jour.',
      created: 2,
      updated: 1,
    })
    const chassis = await Produit.findByOrFail('reference', 'CH-PVC-1')
    assert.equal(chassis.prixAchat, 28900)
    assert.equal(chassis.prixVenteHt, 49500)
    assert.equal(chassis.description, 'Profil 5 chambres; Uw 1,2')
    assert.isNotNull(chassis.fournisseurId)
    const pose = await Produit.findByOrFail('reference', 'POSE-1')
    assert.equal(pose.libelle, 'Pose de châssis')
    assert.equal(pose.tauxTva, 6)
    assert.isTrue(pose.actif)
    const vitrage = await Produit.findByOrFail('reference', 'VIT-1')
    assert.equal(vitrage.unite, 'm2')
    assert.equal(vitrage.libelle, '=Vitrage')
    assert.isFalse(vitrage.actif)
  })

  test('bad lines are reported by line number in French, and nothing is imported', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const file = [
      HEADER,
      'OK-1;Bon produit;;pièce;10;20;21;;;oui',
      'OK-2;"Libellé sur',
      'deux lignes";;heure;;52;21;;;',
      'BAD-1;;;pièce;10;20;21;;;oui',
      'BAD-2;Prix faux;;pièce;12,345;abc;20;;;oui',
      'BAD-3;Unité;;kg;;10;21;;Inconnu SA;peut-être',
      'OK-1;Doublon;;pièce;;10;21;;;',
      '=cmd;Référence piégée;;pièce;;10;21;;;',
    ].join('\n')
    const response = await upload(client, user, file)
    response.assertStatus(422)
    const body = response.body()
    assert.equal(body.message, 'Import refusé : 5 lignes en erreur. Aucun produit n’a été importé.')
    assert.deepEqual(
      body.errors.map((e: any) => e.line),
      [5, 6, 7, 8, 9]
    )
    const byLine = Object.fromEntries(body.errors.map((e: any) => [e.line, e.messages.join(' | ')]))
    assert.include(byLine[5], 'Libellé : Ce champ est requis.')
    assert.include(byLine[6], 'Prix d’achat : Un montant a au plus deux décimales.')
    assert.include(byLine[6], 'Prix de vente HT : Montant invalide')
    assert.include(byLine[6], 'TVA % : Taux de TVA invalide')
    assert.include(byLine[7], 'Fournisseur inconnu : « Inconnu SA ».')
    assert.include(byLine[7], 'Unité : Unité invalide')
    assert.include(byLine[7], 'Actif :')
    assert.include(byLine[8], 'Référence OK-1 déjà présente à la ligne 2.')
    assert.include(byLine[9], 'Référence :')
    assert.equal(await count(), 0)
  })

  test('header problems, empty files and syntax errors are refused with a line', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const unknown = await upload(client, user, 'Référence;Libellé;Couleur\nA;B;rouge')
    assert.equal(unknown.status(), 422)
    assert.deepEqual(unknown.body().errors, [
      {
        line: 1,
        messages: [
          'Colonne inconnue : « Couleur ».',
          'Colonne obligatoire absente : « Unité ».',
          'Colonne obligatoire absente : « Prix de vente HT ».',
          'Colonne obligatoire absente : « TVA % ».',
        ],
      },
    ])
    const empty = await upload(client, user, HEADER + '\n')
    assert.equal(
      empty.body().errors[0].messages[0],
      'Le fichier ne contient aucune ligne de produit.'
    )
    const broken = await upload(client, user, `${HEADER}\nA;"non fermé;;pièce;;1;21;;;\n`)
    assert.equal(broken.status(), 422)
    assert.match(broken.body().errors[0].messages[0], /Fichier CSV mal formé/)
    assert.equal(await count(), 0)
  })

  test('no file, a wrong type, a spreadsheet, a file too big: refused in French', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const none = await client
      .post('/esi/produits/import')
      .loginAs(user)
      .header('accept', 'application/json')
      .withCsrfToken()
    assert.equal(none.status(), 422)
    assert.equal(none.body().message, 'Choisissez un fichier CSV à importer.')

    const exe = await upload(client, user, 'MZ\u0000\u0000', 'outil.exe')
    assert.equal(exe.body().message, 'Le fichier doit être un .csv (séparateur « ; »).')

    const xlsx = await upload(
      client,
      user,
      Buffer.from('PK\u0003\u0004 xl/workbook.xml'),
      'catalogue.csv'
    )
    assert.match(xlsx.body().message, /n’est pas un CSV/)

    const big = await upload(client, user, `${HEADER}\n${'x'.repeat(IMPORT_MAX_BYTES + 10)}`)
    assert.equal(big.status(), 422)
    assert.equal(big.body().message, 'Le fichier dépasse 2 Mo : découpez-le en plusieurs fichiers.')
    assert.equal(await count(), 0)
  })

  test('a failure while writing rolls everything back (one transaction)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    // 600 lines: two batches; the second one breaks on a constraint the rules do not check
    await db.rawQuery(
      "ALTER TABLE produits ADD CONSTRAINT test_no_zzz CHECK (reference <> 'ZZZ-599')"
    )
    const lines = Array.from({ length: 600 }, (_, i) => `ZZZ-${i};Produit ${i};;pièce;;10;21;;;`)
    const response = await upload(client, user, [HEADER, ...lines].join('\n'))
    assert.equal(response.status(), 500)
    assert.equal(await count(), 0)
  })
})

test.group('Produits / CSV export', (group) => {
  withTransaction(group)

  test('formula-safe cells, French amounts, and the file imports back unchanged', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await ProduitFactory.merge({
      reference: 'SAFE-1',
      libelle: '=HYPERLINK("http://evil.example")',
      description: '@SUM(A1)\t',
      categorie: '+cmd',
      prixAchat: 123456,
      prixVenteHt: 250,
    }).create()
    const response = await client.get('/esi/produits/export').loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-disposition') ?? '', /^attachment; filename="produits-/)
    const text = response.text()
    assert.isTrue(text.startsWith('\uFEFF'))
    const line = text.split('\r\n')[1]
    assert.include(line, `"'=HYPERLINK(""http://evil.example"")"`)
    assert.include(line, ";'@SUM(A1)\t;")
    assert.include(line, ";'+cmd;")
    assert.include(line, ';1234,56;2,50;21;')
    assert.deepEqual(parseCsv(text)[1].cells.slice(0, 4), [
      'SAFE-1',
      '=HYPERLINK("http://evil.example")',
      '@SUM(A1)',
      'pièce',
    ])

    // Round trip: the exported file is a valid import, and changes nothing
    const before = await db
      .from('produits')
      .select('libelle', 'prix_achat', 'prix_vente_ht', 'categorie')
    const back = await upload(client, user, text)
    back.assertStatus(200)
    assert.equal(back.body().updated, 1)
    assert.deepEqual(
      await db.from('produits').select('libelle', 'prix_achat', 'prix_vente_ht', 'categorie'),
      before
    )
  })
})
