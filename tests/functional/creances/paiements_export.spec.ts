/*
 * The payments export for the accountant (issue 11 §5): the payments of the period in date
 * order with their mode, reference, client, account, the factures they settle and what they
 * leave unallocated; refunds negative; CSV and XLSX, formula-like cells as text; the period
 * checked; staff only.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import ExcelJS from 'exceljs'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureOn } from '#tests/functional/creances/helpers'
import { getPdf } from '#tests/functional/pdf/pdf_text'
import { systemActor } from '#services/actor'
import { recordPaiement, type Allocation } from '#services/paiements/paiement_service'
import { PAIEMENTS_EXPORT_HEADER } from '#services/compta/paiements_export'
import { parseCsv } from '#services/csv'
import type { PaiementMode } from '#shared/paiements'

async function payOn(
  clientId: number,
  day: string,
  montant: number,
  allocations: Allocation[] = [],
  extra: { mode?: PaiementMode; reference?: string; compte?: string } = {}
) {
  return recordPaiement(systemActor(), {
    clientId,
    date: DateTime.fromISO(day),
    montant,
    mode: extra.mode ?? 'virement',
    reference: extra.reference ?? null,
    compte: extra.compte ?? null,
    idempotencyKey: randomUUID(),
    allocations,
    userId: null,
  })
}

test.group('Exports / paiements', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the payments of the period with their factures and what is left unallocated', async ({
    client,
    assert,
  }) => {
    await esiSociete()
    const user = await makeUser('esi')
    const pro = await ClientFactory.apply('professionnel').create()
    const f1 = await factureOn(pro, '2026-02-10', 100_00)
    const f2 = await factureOn(pro, '2026-02-12', 200_00)
    await payOn(pro.idClient, '2026-02-28', 50_00) // before the period
    await payOn(
      pro.idClient,
      '2026-03-05',
      400_00,
      [
        { factureId: f2.id, montant: 242_00 },
        { factureId: f1.id, montant: 100_00 },
      ],
      { reference: '+++265/0000/00101+++', compte: 'BE68 5390 0754 7034' }
    )
    await payOn(pro.idClient, '2026-03-20', -30_00, [], { mode: 'cheque' })
    const evil = await ClientFactory.merge({
      nom: '=HYPERLINK("http://evil.example","x")',
      prenom: null,
      civilite: null,
    }).create()
    await payOn(evil.idClient, '2026-03-10', 10_00, [], {
      mode: 'especes',
      reference: '@SUM(A1)',
    })

    const response = await client
      .get('/esi/compta/exports/paiements?du=2026-03-01&au=2026-03-31')
      .loginAs(user)
    response.assertStatus(200)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="paiements-2026-03-01-2026-03-31\.csv"$/
    )
    const text = response.text()
    const [header, ...rows] = parseCsv(text)
    assert.deepEqual(header.cells, PAIEMENTS_EXPORT_HEADER)
    const name = rows[0].cells[5]
    assert.deepEqual(
      rows.map((r) => r.cells),
      [
        [
          '05/03/2026',
          '400,00',
          'Virement',
          '+++265/0000/00101+++',
          String(pro.idClient),
          name,
          'BE68539007547034',
          [f1.numero, f2.numero].sort().join(', '),
          '342,00',
          '58,00',
        ],
        [
          '10/03/2026',
          '10,00',
          'Espèces',
          '@SUM(A1)',
          String(evil.idClient),
          '=HYPERLINK("http://evil.example","x")',
          '',
          '',
          '0,00',
          '10,00',
        ],
        [
          '20/03/2026',
          '-30,00',
          'Chèque',
          '',
          String(pro.idClient),
          name,
          '',
          '',
          '0,00',
          '-30,00',
        ],
      ]
    )
    // Formula-like cells guarded, negative amounts left as numbers
    assert.include(text, ";'@SUM(A1);")
    assert.include(text, `;"'=HYPERLINK(""http://evil.example"",""x"")";`)
    assert.include(text, ';-30,00;')
    assert.include(text, ";'+++265/0000/00101+++;")

    const { response: xlsx, body } = await getPdf(
      client,
      '/esi/compta/exports/paiements?du=2026-03-01&au=2026-03-31&format=xlsx',
      user
    )
    xlsx.assertStatus(200)
    assert.match(
      xlsx.header('content-disposition') ?? '',
      /paiements-2026-03-01-2026-03-31\.xlsx"$/
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(body as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const first = (sheet.getRow(2).values as unknown[]).slice(1)
    assert.strictEqual(first[1], 400)
    assert.strictEqual(first[8], 342)
    assert.strictEqual(first[9], 58)
    const refund = (sheet.getRow(4).values as unknown[]).slice(1)
    assert.strictEqual(refund[1], -30)
    assert.strictEqual(
      (sheet.getRow(3).values as unknown[])[6],
      '=HYPERLINK("http://evil.example","x")'
    )
    assert.notExists(sheet.getRow(3).getCell(6).formula)
  })

  test('a bad period comes back to the exports page; staff only', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const refused = await client
      .get('/esi/compta/exports/paiements?du=2026-04-01&au=2026-03-31')
      .loginAs(user)
      .withInertia()
      .redirects(0)
    refused.assertStatus(302)
    assert.equal(refused.header('location'), '/esi/compta/exports')
    assert.include(refused.flashMessage('error'), 'doit suivre')
    for (const role of ['pro', 'other'] as const) {
      const other = await makeUser(role)
      const response = await client
        .get('/esi/compta/exports/paiements?du=2026-03-01&au=2026-03-31')
        .loginAs(other)
        .redirects(0)
      response.assertStatus(403)
    }
  })
})
