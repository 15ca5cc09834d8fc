/*
 * Hostile text in what leaves the app (issue 15 §3): the formula and markup payloads, written
 * through the client and devis forms, come out of EVERY CSV export of the router (walked, so a
 * new export is covered) as text — no cell starts with = + - @ TAB or CR, a plain amount
 * excepted — and the devis PDF prints the markup literally (no HTML rendering of user text).
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { parse } from 'csv-parse/sync'
import Client from '#models/client'
import Devis from '#models/devis'
import { makeUser, routeList, withTransaction } from '#tests/helpers'
import { api, devisBody, ligne } from '#tests/functional/devis/editor_helpers'
import { normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { CSV_FORMULAS, XSS } from '#tests/fixtures/hostile/corpus'
import { AMOUNT_CELL } from '#services/csv'

const EXPORTS = routeList().filter(
  (r) =>
    r.methods.includes('GET') &&
    /^esi\.(.+\.export|compta\.exports\.(?!index$).+)$/.test(r.name ?? '') &&
    !r.pattern.includes(':')
)

/** Cells a spreadsheet would run: a formula start, unless a plain amount. */
function formulaCells(text: string): string[] {
  const rows: string[][] = parse(text.replace(/^\uFEFF/, ''), {
    delimiter: ';',
    relax_column_count: true,
  })
  return rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && !AMOUNT_CELL.test(cell))
}

test.group('Security / hostile text in exports and PDFs', (group) => {
  withTransaction(group)

  test('the router has CSV exports to check', ({ assert }) => {
    assert.isAtLeast(EXPORTS.length, 8)
  })

  test('every CSV export writes formula payloads as text; the devis PDF prints markup literally', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const created = await api(client.post('/esi/customers'), esi).json({
      type: 'particulier',
      nom: CSV_FORMULAS[0],
      prenom: CSV_FORMULAS[1],
      email: 'formules@example.be',
      telephone: null,
      facturation_rue: CSV_FORMULAS[3],
      facturation_localite: CSV_FORMULAS[2],
    })
    assert.isBelow(created.status(), 400, created.text().slice(0, 300))
    const c = await Client.findByOrFail('email', 'formules@example.be')
    const saved = await api(client.post('/esi/devis'), esi).json(
      devisBody(c, {
        objet: CSV_FORMULAS[0],
        lignes: [...XSS.slice(0, 3), ...CSV_FORMULAS.slice(0, 4)].map((designation) =>
          ligne({ designation })
        ),
      })
    )
    assert.isBelow(saved.status(), 400, saved.text().slice(0, 300))
    const devis = await Devis.findByOrFail('client_id', c.idClient)

    const failures: string[] = []
    let guarded = 0
    for (const route of EXPORTS) {
      await limiter.clear()
      const response = await client
        .get(`${route.pattern}?du=2025-01-01&au=2027-12-01&periode=12m`)
        .loginAs(esi)
        .redirects(0)
      if (response.status() !== 200) {
        failures.push(`${route.name}: ${response.status()}`)
        continue
      }
      const text = response.text()
      if (text.includes(`'${CSV_FORMULAS[0]}`.replace(/"/g, '""'))) guarded++
      for (const cell of formulaCells(text)) failures.push(`${route.name}: ${JSON.stringify(cell)}`)
    }
    assert.deepEqual(failures, [])
    // The client and the devis lists carry the payload, guarded by the apostrophe
    assert.isAtLeast(guarded, 2)

    await limiter.clear()
    const pdf = await client.get(`/esi/devis/${devis.id}/pdf`).loginAs(esi)
    pdf.assertStatus(200)
    const { text } = await pdfText(new Uint8Array(pdf.body() as Buffer))
    for (const payload of [...XSS.slice(0, 3), CSV_FORMULAS[0]]) {
      assert.include(text, normaliseSpaces(payload))
    }
  })
})
