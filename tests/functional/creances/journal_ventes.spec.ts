/*
 * The sales journal for the accountant (issue 11 §5): the factures issued in the period, one
 * row each with HT and VAT per rate present, totals equal to the factures', formula-like
 * cells as text, the period checked, staff only, limited like every export.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { ACTION_LIMITS } from '#services/throttle'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import Facture from '#models/facture'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { produit } from '#tests/functional/document_helpers'
import { factureOn, libreDraftFor, onDay } from '#tests/functional/creances/helpers'
import { ncDraft, ncIssued } from '#tests/functional/notes_credit/helpers'
import ExcelJS from 'exceljs'
import { parseCsv } from '#services/csv'
import { getPdf } from '#tests/functional/pdf/pdf_text'
import { centsToInput } from '#shared/money'

const cents = (cell: string) => (cell === '' ? 0 : Math.round(Number(cell.replace(',', '.')) * 100))

async function journal(client: any, user: any, du: string, au: string) {
  const response = await client
    .get(`/esi/compta/exports/journal-ventes?du=${du}&au=${au}`)
    .loginAs(user)
    .redirects(0)
  return response
}

test.group('Exports / journal des ventes', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the factures of the period, HT and VAT per rate present, totals as the factures’', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const pro = await ClientFactory.apply('professionnel').create()
    const particulier = await ClientFactory.merge({
      nom: 'Simon',
      prenom: null,
      civilite: null,
    }).create()
    const mixed = await factureOn(pro, '2026-03-02', [
      produit('Châssis', 1234_56, 21, '2'),
      produit('Rénovation', 800_00, 6, '1'),
    ])
    const six = await factureOn(particulier, '2026-03-31', [produit('Pose', 333_33, 6, '3')])
    await factureOn(particulier, '2026-02-28', 999_00) // before the period
    await factureOn(particulier, '2026-04-01', 999_00) // after it
    await libreDraftFor(particulier) // a draft is not in any journal

    const response = await journal(client, user, '2026-03-01', '2026-03-31')
    response.assertStatus(200)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="journal-ventes-2026-03-01-2026-03-31\.csv"$/
    )
    const text = response.text()
    assert.isTrue(text.startsWith('\uFEFF'))
    const [header, ...rows] = parseCsv(text)
    // One column pair per rate present (21 and 6: no 12 nor 0 this month), highest first
    assert.deepEqual(header.cells, [
      'Pièce',
      'Numéro',
      'Date',
      'Client',
      'N° TVA client',
      'Base HT 21\u00a0%',
      'TVA 21\u00a0%',
      'Base HT 6\u00a0%',
      'TVA 6\u00a0%',
      'Total HT',
      'Total TVA',
      'Total TTC',
    ])
    assert.deepEqual(
      rows.map((r) => r.cells.slice(0, 5)),
      [
        ['Facture', mixed.numero!, '02/03/2026', mixed.clientNom, 'BE0403170701'],
        ['Facture', six.numero!, '31/03/2026', 'Simon', ''],
      ]
    )
    const factures = [mixed, six]
    rows.forEach((row, i) => {
      const f = factures[i]
      const amounts = row.cells.slice(5).map(cents)
      const [ht21, tva21, ht6, tva6, totalHt, totalTva, totalTtc] = amounts
      assert.equal(totalHt, f.totalHt)
      assert.equal(totalTva, f.totalTva)
      assert.equal(totalTtc, f.totalTtc)
      assert.equal(ht21 + ht6, f.totalHt)
      assert.equal(tva21 + tva6, f.totalTva)
      assert.equal(totalHt + totalTva, totalTtc)
    })
    assert.deepEqual(rows[0].cells.slice(5, 9), [
      centsToInput(2469_12),
      centsToInput(518_52),
      centsToInput(800_00),
      centsToInput(48_00),
    ])
    // Column sums equal the sum of the factures' totals
    const sum = (col: number) => rows.reduce((s, r) => s + cents(r.cells[col]), 0)
    assert.equal(sum(11), mixed.totalTtc + six.totalTtc)
    assert.equal(sum(5) + sum(7), mixed.totalHt + six.totalHt)
  })

  test('notes de crédit: negative amounts per rate, merged by date with the factures', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const pro = await ClientFactory.apply('professionnel').create()
    const f1 = await factureOn(pro, '2026-03-02', [
      produit('Châssis', 1000_00, 21, '1'),
      produit('Rénovation', 500_00, 6, '1'),
    ])
    const f2 = await factureOn(pro, '2026-03-10', [produit('Pose', 200_00, 6, '1')])
    // Same day as f2: the facture comes first, then the note
    const partial = await onDay('2026-03-10', () =>
      ncIssued(f1, { kind: 'montant', montants: [{ taux_tva: 21, montant_ht: 100_00 }] })
    )
    const total = await onDay('2026-03-05', () => ncIssued(f2, { kind: 'total' }))
    await onDay('2026-03-06', () => ncDraft(f1, { kind: 'total' })) // a draft is not listed
    await onDay('2026-04-02', () => ncIssued(f1, { kind: 'total' })) // after the period

    const response = await journal(client, user, '2026-03-01', '2026-03-31')
    response.assertStatus(200)
    const [header, ...rows] = parseCsv(response.text())
    assert.deepEqual(
      rows.map((r) => r.cells.slice(0, 5)),
      [
        ['Facture', f1.numero!, '02/03/2026', f1.clientNom, 'BE0403170701'],
        ['Note de crédit', total.numero!, '05/03/2026', f2.clientNom, 'BE0403170701'],
        ['Facture', f2.numero!, '10/03/2026', f2.clientNom, 'BE0403170701'],
        ['Note de crédit', partial.numero!, '10/03/2026', f1.clientNom, 'BE0403170701'],
      ]
    )
    const col = (name: string) => header.cells.indexOf(name)
    const ncTotal = rows[1].cells
    // A plain « -212,00 », not guarded as a formula: the spreadsheet sums it
    assert.equal(ncTotal[col('Total TTC')], centsToInput(-total.totalTtc))
    assert.equal(ncTotal[col('Base HT 6\u00a0%')], '-200,00')
    assert.equal(ncTotal[col('TVA 6\u00a0%')], '-12,00')
    assert.equal(ncTotal[col('Base HT 21\u00a0%')], '')
    const ncPartial = rows[3].cells
    assert.equal(ncPartial[col('Base HT 21\u00a0%')], '-100,00')
    assert.equal(ncPartial[col('TVA 21\u00a0%')], '-21,00')
    assert.equal(ncPartial[col('Total TTC')], '-121,00')
    // The journal's TTC column: what was invoiced less what was credited
    const sum = rows.reduce((s, r) => s + cents(r.cells[col('Total TTC')]), 0)
    assert.equal(sum, f1.totalTtc + f2.totalTtc - total.totalTtc - partial.totalTtc)
    assert.notInclude(response.text(), ";'-")

    // The XLSX reads the same amounts as negative numbers
    const { body } = await getPdf(
      client,
      '/esi/compta/exports/journal-ventes?du=2026-03-01&au=2026-03-31&format=xlsx',
      user
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(body as unknown as ArrayBuffer)
    const row = (workbook.worksheets[0].getRow(5).values as unknown[]).slice(1)
    assert.strictEqual(row[0], 'Note de crédit')
    assert.strictEqual(row[col('Total TTC')], -121)
  })

  test('formula-like client names come out as text', async ({ client, assert }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const payloads = ['=HYPERLINK("http://evil.example","x")', '+SUM(A1:A9)', '-1+1', '@cmd']
    for (const nom of payloads) {
      const c = await ClientFactory.merge({ nom, prenom: null, civilite: null }).create()
      await factureOn(c, '2026-05-10')
    }
    const response = await journal(client, user, '2026-05-01', '2026-05-31')
    const text = response.text()
    assert.include(text, `;"'=HYPERLINK(""http://evil.example"",""x"")";`)
    assert.include(text, ";'+SUM(A1:A9);")
    assert.include(text, ";'-1+1;")
    assert.include(text, ";'@cmd;")
    const clients = parseCsv(text)
      .slice(1)
      .map((r) => r.cells[3])
    assert.sameMembers(clients, payloads)
  })

  test('the same journal as XLSX: amounts as numbers, formula-like names as plain text', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const c = await ClientFactory.merge({
      nom: '=HYPERLINK("http://evil.example","x")',
      prenom: null,
      civilite: null,
    }).create()
    const facture = await factureOn(c, '2026-06-10', [produit('Châssis', 1234_56, 21, '1')])
    // The binary body as a Buffer (the PDF tests' helper reads any file this way)
    const { response, body } = await getPdf(
      client,
      '/esi/compta/exports/journal-ventes?du=2026-06-01&au=2026-06-30&format=xlsx',
      user
    )
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /spreadsheetml\.sheet/)
    assert.match(response.header('content-disposition') ?? '', /\.xlsx"$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(body as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const row = (sheet.getRow(2).values as unknown[]).slice(1)
    const ttc = header.indexOf('Total TTC')
    assert.isAbove(ttc, -1)
    assert.strictEqual(row[ttc], facture.totalTtc / 100)
    // A string cell, never a formula
    assert.strictEqual(row[3], '=HYPERLINK("http://evil.example","x")')
    assert.notExists(sheet.getRow(2).getCell(4).formula)
  })

  test('a missing, reversed or too long period is refused with its reason', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    for (const [du, au, message] of [
      ['', '2026-03-31', 'période valide'],
      ['2026-02-30', '2026-03-31', 'période valide'],
      ['2026-04-01', '2026-03-31', 'doit suivre'],
      ['2020-01-01', '2026-03-31', 'trop longue'],
    ]) {
      const response = await client
        .get(`/esi/compta/exports/journal-ventes?du=${du}&au=${au}`)
        .loginAs(user)
        .withInertia()
        .redirects(0)
      response.assertStatus(302)
      assert.equal(response.header('location'), '/esi/compta/exports')
      assert.include(response.flashMessage('error'), message)
    }
  })

  test('the exports page proposes last month; staff only', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const response = await client.get('/esi/compta/exports').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('esi/compta/exports/Index')
    const { du, au } = response.inertiaProps.periode as { du: string; au: string }
    assert.match(du, /^\d{4}-\d{2}-01$/)
    assert.isTrue(au > du)
    for (const role of ['pro', 'other'] as const) {
      const other = await makeUser(role)
      for (const url of [
        '/esi/compta/exports',
        '/esi/compta/exports/journal-ventes?du=2026-03-01&au=2026-03-31',
      ]) {
        const refused = await client.get(url).loginAs(other).redirects(0)
        refused.assertStatus(403)
      }
    }
  })

  test('both exports count in the user’s allowance of CSV files', async ({ client, assert }) => {
    const user = await makeUser('esi')
    for (let i = 1; i <= ACTION_LIMITS.exportPerUser.requests; i++) {
      const url =
        i % 2
          ? '/esi/compta/creance/export'
          : '/esi/compta/exports/journal-ventes?du=2026-01-01&au=2026-01-31'
      const response = await client.get(url).loginAs(user)
      response.assertStatus(200)
    }
    for (const url of [
      '/esi/compta/creance/export',
      '/esi/compta/exports/journal-ventes?du=2026-01-01&au=2026-01-31',
    ]) {
      const refused = await client
        .get(url)
        .header('referer', '/esi/compta/exports')
        .loginAs(user)
        .redirects(0)
      refused.assertStatus(302)
      assert.match(String(refused.flashMessage('error')), /^Trop d’exports en peu de temps\./)
    }
  })

  test('the test clock issues on the chosen day, due 30 days later', async ({ assert }) => {
    await esiSociete()
    const c = await ClientFactory.create()
    const f = await factureOn(c, '2026-06-15', 250_00)
    const again = await Facture.findOrFail(f.id)
    assert.equal(again.totalTtc, 302_50)
    assert.equal(again.dateFacture?.toISODate(), '2026-06-15')
    assert.equal(again.echeance?.toISODate(), '2026-07-15')
  })
})
