/*
 * EPC QR payload (EPC069-12, version 002): exact line layout checked against the standard's own
 * example ("Red Cross of Belgium", BIC BPOTBEB1, IBAN BE72000000001616, 1 €, "Urgency fund"),
 * amount formatting, trailing-empty trimming, limits, and a Belgian structured communication
 * going into the structured reference as its 12 digits.
 */
import { test } from '@japa/runner'
import QRCode from 'qrcode'
import { EpcError, epcAmount, epcPayload, epcReference } from '#shared/epc'

const RED_CROSS = {
  bic: 'BPOTBEB1',
  beneficiaire: 'Red Cross of Belgium',
  iban: 'BE72000000001616',
  montant: 100,
}

test.group('EPC QR payload', () => {
  test('the EPC069-12 example, line by line (version 002, no purpose)', ({ assert }) => {
    const payload = epcPayload({
      ...RED_CROSS,
      texte: 'Urgency fund',
      information: 'Sample EPC QR code',
    })
    assert.deepEqual(payload.split('\n'), [
      'BCD',
      '002',
      '1', // UTF-8
      'SCT',
      'BPOTBEB1',
      'Red Cross of Belgium',
      'BE72000000001616',
      'EUR1.00',
      '', // purpose
      '', // structured reference: none, the free text follows
      'Urgency fund',
      'Sample EPC QR code',
    ])
    assert.notInclude(payload, '\r', 'LF only')
  })

  test('trailing empty elements are left out, inner ones kept', ({ assert }) => {
    const payload = epcPayload({ ...RED_CROSS, texte: 'Urgency fund' })
    assert.equal(
      payload,
      'BCD\n002\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1.00\n\n\nUrgency fund'
    )
    // Nothing after the amount: the payload ends with it
    assert.isTrue(epcPayload(RED_CROSS).endsWith('\nEUR1.00'))
    assert.lengthOf(epcPayload(RED_CROSS).split('\n'), 8)
    // BIC optional in version 002: an empty line keeps its place
    assert.equal(epcPayload({ ...RED_CROSS, bic: null }).split('\n')[4], '')
  })

  test('amounts: EUR, a dot, two decimals, no leading zeros', ({ assert }) => {
    assert.equal(epcAmount(1230), 'EUR12.30')
    assert.equal(epcAmount(100), 'EUR1.00')
    assert.equal(epcAmount(1), 'EUR0.01')
    assert.equal(epcAmount(445875), 'EUR4458.75')
    assert.equal(epcAmount(99_999_999_999), 'EUR999999999.99')
    for (const bad of [0, -1, 12.5, 100_000_000_000]) {
      assert.throws(() => epcAmount(bad), EpcError)
    }
  })

  test('a Belgian structured communication goes into the reference as 12 digits', ({ assert }) => {
    assert.equal(epcReference('+++010/8068/17183+++'), '010806817183')
    assert.equal(epcReference('***010/8068/17183***'), '010806817183')
    const lines = epcPayload({
      ...RED_CROSS,
      iban: 'BE68 5390 0754 7034',
      montant: 445875,
      reference: '+++010/8068/17183+++',
      texte: 'ignored when a reference is given',
    }).split('\n')
    assert.equal(lines[6], 'BE68539007547034', 'IBAN without spaces')
    assert.equal(lines[7], 'EUR4458.75')
    assert.equal(lines[9], '010806817183')
    assert.lengthOf(lines, 10, 'no free text after a structured reference')
  })

  test('limits: IBAN, BIC, name, texts, total size', ({ assert }) => {
    assert.throws(() => epcPayload({ ...RED_CROSS, iban: 'BE72000000001617' }), EpcError)
    assert.throws(() => epcPayload({ ...RED_CROSS, bic: 'BPOT' }), EpcError)
    assert.throws(() => epcPayload({ ...RED_CROSS, beneficiaire: '' }), EpcError)
    assert.throws(() => epcPayload({ ...RED_CROSS, beneficiaire: 'x'.repeat(71) }), EpcError)
    assert.doesNotThrow(() => epcPayload({ ...RED_CROSS, beneficiaire: 'x'.repeat(70) }))
    assert.throws(() => epcPayload({ ...RED_CROSS, texte: 'x'.repeat(141) }), EpcError)
    assert.doesNotThrow(() => epcPayload({ ...RED_CROSS, texte: 'x'.repeat(140) }))
    assert.throws(() => epcPayload({ ...RED_CROSS, reference: 'RF' + '1'.repeat(34) }), EpcError)
    assert.throws(() => epcPayload({ ...RED_CROSS, information: 'x'.repeat(71) }), EpcError)
    // The whole payload stays within 331 bytes of UTF-8 (an accented name counts double)
    const tooLong = { ...RED_CROSS, beneficiaire: 'é'.repeat(70), texte: 'x'.repeat(140) }
    assert.throws(() => epcPayload({ ...tooLong, information: 'y'.repeat(70) }), EpcError)
    const fits = epcPayload({ ...tooLong, beneficiaire: 'e'.repeat(70) })
    assert.isAtMost(new TextEncoder().encode(fits).length, 331)
  })

  test('the payload makes a QR code (error correction M) as a PNG data URL', async ({ assert }) => {
    const payload = epcPayload({ ...RED_CROSS, reference: '+++010/8068/17183+++' })
    const url = await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M' })
    assert.match(url, /^data:image\/png;base64,/)
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' })
    assert.isAtMost(qr.version, 13, 'EPC limits the QR code to version 13')
  })
})
