/*
 * CSV export of the clients list: UTF-8 with BOM, `;`, the list's filters and order, and cells
 * that a spreadsheet would run (=, +, -, @, TAB) neutralised with an apostrophe (ASVS 1.2.10).
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { parseCsv } from '#services/csv'
import { CLIENT_CSV_HEADER } from '#services/clients/client_export'
import { allClients, parseClientListParams } from '#services/clients/client_list'

async function download(client: any, user: any, query = '') {
  const response = await client.get(`/esi/customers/export${query}`).loginAs(user)
  return { response, text: response.text() as string }
}

test.group('Clients / CSV export', (group) => {
  withTransaction(group)

  test('an attachment in UTF-8 with BOM, `;`-separated, French header', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await ClientFactory.merge({ nom: 'Lefèbvre', prenom: 'Élise', chantierLat: 50.4669 }).create()
    const { response, text } = await download(client, user)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    assert.isTrue(text.startsWith('\uFEFF'))
    const [header, row] = parseCsv(text)
    assert.deepEqual(header.cells, CLIENT_CSV_HEADER)
    assert.include(row.cells, 'Lefèbvre')
    assert.include(row.cells, 'Élise')
    assert.include(row.cells, '50,4669')
    assert.include(text, '\r\n')
  })

  test('formula-like cells come out as text', async ({ client, assert }) => {
    const user = await makeUser('esi')
    await ClientFactory.merge({
      nom: '=HYPERLINK("http://evil.example","Cliquez")',
      prenom: '+cmd|/C calc',
      societe: null,
      email: '@SUM(A1:A9)',
      telephone: '-1+1',
      notes: '\t=1+1',
    }).create()
    const { text } = await download(client, user)
    const raw = text.split('\r\n')[1]
    assert.include(raw, `"'=HYPERLINK(""http://evil.example"",""Cliquez"")"`)
    assert.include(raw, ";'+cmd|/C calc;")
    assert.include(raw, ";'@SUM(A1:A9);")
    assert.include(raw, ";'-1+1;")
    assert.include(raw, ";'\t=1+1;")
    // No cell of the file starts with a formula character
    for (const record of parseCsv(text.replace(/'(?=[=+\-@\t])/g, '§'))) {
      for (const cell of record.cells) assert.notMatch(cell, /^[=+\-@\t]/)
    }
  })

  test('the export follows the filters, the search and the order of the list', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await ClientFactory.merge({ nom: 'Aubry' }).apply('professionnel').create()
    await ClientFactory.merge({ nom: 'Zidane' }).apply('professionnel').create()
    await ClientFactory.merge({ nom: 'Martin' }).create()
    const { text } = await download(client, user, '?sort=-nom&filter[type]=professionnel')
    const names = parseCsv(text)
      .slice(1)
      .map((r) => r.cells[3])
    assert.deepEqual(names, ['Zidane', 'Aubry'])
    const searched = await download(client, user, '?q=zidan')
    assert.lengthOf(parseCsv(searched.text), 2)
  })

  test('every row of a long list, by batches, in the list order', async ({ assert }) => {
    const made = await ClientFactory.createMany(45)
    const batches: number[][] = []
    for await (const rows of allClients(
      parseClientListParams({ sort: '-id_client' }),
      ['c.id_client'],
      10
    )) {
      batches.push(rows.map((r) => Number(r.id_client)))
    }
    assert.deepEqual(
      batches.map((b) => b.length),
      [10, 10, 10, 10, 5]
    )
    assert.deepEqual(
      batches.flat(),
      made.map((c) => c.idClient).sort((a, b) => b - a)
    )
  })
})
