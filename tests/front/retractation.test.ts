/*
 * shared/retractation.ts: the French rule (C. conso L221-10) counts 7 days from the day after the
 * signature; the Belgian default, a business client, a signature in the shop never block.
 */
import { describe, expect, it } from 'vitest'
import {
  paiementBloque,
  premierJourPaiement,
  retractationAnnexe,
  withAnnexe,
} from '@shared/retractation'
import { ouvreRetractation } from '@shared/devis'

const base = {
  regle: 'interdit_7_jours' as const,
  statut: 'signe' as const,
  lieu: 'domicile' as const,
  signeLe: '2026-03-02',
  clientProfessionnel: false,
}

describe('paiementBloque', () => {
  it('France: blocked up to the 7th day after a signature at home, free from the 8th', () => {
    expect(premierJourPaiement('2026-03-02')).toBe('2026-03-10')
    expect(premierJourPaiement('2026-03-28')).toBe('2026-04-05')
    expect(paiementBloque({ ...base, today: '2026-03-09' })).toContain('avant le 10/03/2026')
    expect(paiementBloque({ ...base, today: '2026-03-10' })).toBeNull()
  })

  it('never blocks in Belgium, for a business client, in the shop; an unsigned bdc waits in France', () => {
    expect(paiementBloque({ ...base, regle: 'autorise', today: '2026-03-02' })).toBeNull()
    expect(paiementBloque({ ...base, clientProfessionnel: true, today: '2026-03-02' })).toBeNull()
    expect(paiementBloque({ ...base, lieu: 'etablissement', today: '2026-03-02' })).toBeNull()
    expect(
      paiementBloque({
        ...base,
        statut: 'a_signer',
        lieu: null,
        signeLe: null,
        today: '2026-03-02',
      })
    ).toContain('avant la signature')
  })
})

describe('withAnnexe', () => {
  it('a consumer’s bdc to sign or signed at home without waiver', () => {
    const c = { clientProfessionnel: false, renonciation: false }
    expect(withAnnexe({ ...c, statut: 'a_signer', lieu: null })).toBe(true)
    expect(withAnnexe({ ...c, statut: 'signe', lieu: 'domicile' })).toBe(true)
    expect(withAnnexe({ ...c, statut: 'signe', lieu: 'etablissement' })).toBe(false)
    expect(withAnnexe({ ...c, renonciation: true, statut: 'signe', lieu: 'domicile' })).toBe(false)
    expect(withAnnexe({ ...c, statut: 'annule', lieu: null })).toBe(false)
    expect(withAnnexe({ ...c, clientProfessionnel: true, statut: 'a_signer', lieu: null })).toBe(
      false
    )
  })
})

describe('a contract signed online at a distance (issue 14 §1, decision 492)', () => {
  it('opens the 14 days and carries the annex; no 7-day payment ban (off-premises only)', () => {
    expect(ouvreRetractation('distance', false)).toBe(true)
    expect(ouvreRetractation('domicile', true)).toBe(false)
    expect(ouvreRetractation('etablissement', false)).toBe(false)
    const c = { clientProfessionnel: false, renonciation: false }
    expect(withAnnexe({ ...c, statut: 'signe', lieu: 'distance' })).toBe(true)
    expect(paiementBloque({ ...base, lieu: 'distance', today: '2026-03-02' })).toBeNull()
  })

  it('the information says « conclu à distance » and when the period ends', () => {
    const party = { nom: 'X', lignes_adresse: [], numero_tva: null, email: null, telephone: null }
    const annexe = retractationAnnexe({
      statut: 'signe',
      lieu: 'distance',
      renonciation: false,
      clientProfessionnel: false,
      numero: 'BDC-2026-00001',
      date: '2026-03-02',
      objet: 'Châssis',
      signeLe: '2026-03-02',
      fin: '2026-03-16',
      regle: 'autorise',
      emetteur: party,
      destinataire: party,
    })
    expect(annexe?.information[0]).toContain('conclu à distance')
    expect(annexe?.information[1]).toContain('expire le 16/03/2026')
  })
})
