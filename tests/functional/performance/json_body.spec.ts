/*
 * Decision 842: a JSON body reaches JSON.parse without a reviver (V8's fast path), and the app
 * still gets its strings trimmed and the blank ones null, as the body parser's default reviver
 * did. Before, `trimWhitespaces` (a default of @adonisjs/bodyparser) kept a reviver on every
 * JSON request although decision 737 meant to take it off.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { devisBody, ligne, makeClient, visit } from '#tests/functional/devis/editor_helpers'

test.group('JSON bodies / parsed without a reviver (decision 842)', (group) => {
  withTransaction(group)

  test('the devis body is parsed once, with no reviver; its strings arrive trimmed or null', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const marker = 'Marqueur 842'
    const body = devisBody(c, {
      objet: `  ${marker} — châssis  `,
      intro: '   ',
      lignes: [ligne({ designation: '\tPorte d’entrée 88 × 144 \n' })],
    })
    // What the body parser hands to JSON.parse during the request (the server runs in this process)
    const parse = JSON.parse
    const calls: { reviver: boolean }[] = []
    JSON.parse = function (text: string, reviver?: any) {
      if (typeof text === 'string' && text.includes(marker)) {
        calls.push({ reviver: typeof reviver === 'function' })
      }
      return parse(text, reviver)
    } as typeof JSON.parse
    let response
    try {
      response = await visit(client.post('/esi/devis'), user).json(body)
    } finally {
      JSON.parse = parse
    }
    response.assertStatus(302)
    assert.deepEqual(calls, [{ reviver: false }])

    const devis = await Devis.query().where('client_id', c.idClient).firstOrFail()
    assert.equal(devis.objet, `${marker} — châssis`)
    assert.isNull(devis.intro)
    const [saved] = await DevisLigne.query().where('devis_id', devis.id)
    assert.equal(saved.designation, 'Porte d’entrée 88 × 144')
  })
})
