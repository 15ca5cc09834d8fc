/*
 * The measurement sheet's offline queue (inertia/lib/mesurage_draft.ts): what is typed stays
 * pending until the server acknowledges that revision; a change typed during a request is sent
 * next; a stored draft survives a reload over the server's rows; nothing is lost or doubled.
 */
import { describe, expect, it } from 'vitest'
import {
  acknowledge,
  addRow,
  buildPayload,
  editRemarques,
  editRow,
  mergeDraft,
  pendingCount,
  pendingLabel,
  removeRow,
  retryDelay,
  rowErrors,
  type ServerRow,
} from '../../inertia/lib/mesurage_draft'

const U1 = '11111111-1111-4111-8111-111111111111'
const U2 = '22222222-2222-4222-8222-222222222222'
const U3 = '33333333-3333-4333-8333-333333333333'

function server(uuid: string, position: number, patch: Partial<ServerRow> = {}): ServerRow {
  return {
    client_uuid: uuid,
    bdc_ligne_id: position,
    position,
    repere: '',
    designation: `Châssis ${position}`,
    largeur_mm: null,
    hauteur_mm: null,
    sens_ouverture: null,
    couleur: 'blanc',
    vitrage: null,
    quantite: 1,
    remarques: null,
    reference: { largeur_mm: 600, hauteur_mm: 1200 },
    ecarts: [],
    ...patch,
  }
}

const fresh = () => mergeDraft(9, { lignes: [server(U1, 1), server(U2, 2)], remarques: '' }, null)

describe('mesurage draft', () => {
  it('starts from the server with nothing pending', () => {
    const d = fresh()
    expect(d.rows.map((r) => r.client_uuid)).toEqual([U1, U2])
    expect(pendingCount(d)).toBe(0)
    expect(pendingLabel(d)).toBeNull()
    expect(buildPayload(d).payload).toEqual({ lignes: [], supprimees: [] })
  })

  it('counts and sends the changed rows whole, deletions by uuid', () => {
    let d = fresh()
    d = editRow(d, U1, { largeur_mm: '605' })
    d = editRow(d, U1, { hauteur_mm: '1 195' })
    d = addRow(d, U3, { designation: 'Porte de service' })
    d = removeRow(d, U2)
    d = editRemarques(d, 'Accès par la cour')
    expect(pendingCount(d)).toBe(4)
    expect(pendingLabel(d)).toBe('4 modifications pas encore envoyées')
    const { payload } = buildPayload(d)
    expect(payload.supprimees).toEqual([U2])
    expect(payload.remarques).toBe('Accès par la cour')
    expect(payload.lignes).toHaveLength(2)
    const first = payload.lignes.find((l) => l.client_uuid === U1)!
    expect(first).toMatchObject({ largeur_mm: 605, hauteur_mm: 1195, position: 1, quantite: 1 })
    expect(payload.lignes.find((l) => l.client_uuid === U3)).toMatchObject({
      position: 2,
      designation: 'Porte de service',
    })
  })

  it('sends what the server must refuse as typed (its message lands on the field)', () => {
    const d = editRow(fresh(), U1, { largeur_mm: 'abc', quantite: '' })
    const line = buildPayload(d).payload.lignes[0]
    expect(line.largeur_mm).toBe('abc')
    expect(line.quantite).toBe('')
  })

  it('acknowledging clears only what did not change during the request', () => {
    let d = editRow(fresh(), U1, { largeur_mm: '605' })
    d = editRow(d, U2, { largeur_mm: '700' })
    const { sent } = buildPayload(d)
    // Typed while the request travels
    d = editRow(d, U2, { largeur_mm: '710' })
    const answer = [server(U1, 1, { largeur_mm: 605 }), server(U2, 2, { largeur_mm: 700 })]
    d = acknowledge(d, sent, answer)
    expect(Object.keys(d.pending)).toEqual([U2])
    expect(d.rows.find((r) => r.client_uuid === U2)!.largeur_mm).toBe('710')
    expect(d.rows.find((r) => r.client_uuid === U1)!.largeur_mm).toBe('605')
    // The next payload sends the newer value once
    const next = buildPayload(d).payload
    expect(next.lignes.map((l) => [l.client_uuid, l.largeur_mm])).toEqual([[U2, 710]])
    d = acknowledge(d, buildPayload(d).sent, [answer[0], server(U2, 2, { largeur_mm: 710 })])
    expect(pendingCount(d)).toBe(0)
    expect(d.rows).toHaveLength(2)
  })

  it('a failed send keeps everything; re-sending the same payload is the same payload', () => {
    let d = addRow(fresh(), U3)
    const one = buildPayload(d).payload
    // no acknowledge (network error): still pending, same content
    expect(pendingCount(d)).toBe(1)
    expect(buildPayload(d).payload).toEqual(one)
    d = acknowledge(d, buildPayload(d).sent, [
      server(U1, 1),
      server(U2, 2),
      server(U3, 3, { bdc_ligne_id: null }),
    ])
    expect(d.rows.map((r) => r.client_uuid)).toEqual([U1, U2, U3])
  })

  it('a stored draft (typed offline, then reloaded) wins over the server for its pending rows', () => {
    let stored = editRow(fresh(), U1, { largeur_mm: '605' })
    stored = addRow(stored, U3, { designation: 'Ajout' })
    stored = removeRow(stored, U2)
    const merged = mergeDraft(
      9,
      { lignes: [server(U1, 1), server(U2, 2, { repere: 'Serveur' })], remarques: 'srv' },
      stored
    )
    expect(merged.rows.map((r) => r.client_uuid)).toEqual([U1, U3])
    expect(merged.rows[0].largeur_mm).toBe('605')
    expect(pendingCount(merged)).toBe(3)
    expect(merged.remarques).toBe('srv')
    // Nothing pending: the server is the truth
    const clean = mergeDraft(
      9,
      { lignes: [server(U1, 1, { largeur_mm: 650 })], remarques: '' },
      fresh()
    )
    expect(clean.rows.map((r) => r.largeur_mm)).toEqual(['650'])
    // Another commande's draft is ignored
    expect(mergeDraft(10, { lignes: [], remarques: '' }, stored).rows).toEqual([])
  })

  it('maps 422 errors to rows by payload index or uuid', () => {
    const d = editRow(fresh(), U2, { largeur_mm: '0' })
    const { payload } = buildPayload(d)
    const mapped = rowErrors(
      [
        { field: 'lignes.0.largeur_mm', message: 'Largeur invalide' },
        { field: `lignes.${U1}.hauteur_mm`, message: 'Mesurez la hauteur (mm).' },
        { field: 'remarques', message: 'Trop long' },
      ],
      payload
    )
    expect(mapped.rows).toEqual({
      [U2]: { largeur_mm: 'Largeur invalide' },
      [U1]: { hauteur_mm: 'Mesurez la hauteur (mm).' },
    })
    expect(mapped.form).toEqual(['Trop long'])
  })

  it('retries later and later, up to a minute', () => {
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 60000])
    expect(pendingLabel(editRow(fresh(), U1, { repere: 'x' }))).toBe(
      '1 modification pas encore envoyée'
    )
  })
})
