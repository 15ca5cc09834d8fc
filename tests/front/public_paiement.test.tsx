/*
 * The customer's payment page (issue 10 §4): once the acompte is paid, nothing on it asks to pay
 * (no instructions, no QR code, no bank details); a cancelled request says not to pay.
 */
import { describe, expect, it, vi } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'

// <Head> needs a running Inertia app; the page's body is what is under test
vi.mock('@inertiajs/react', () => ({ Head: () => null }))
import PublicDemandePaiement from '~/pages/Public/DemandePaiement'

const base = {
  numero: 'DP-2026-00012',
  montant: 123_456,
  communication: '+++260/0000/01234+++',
  payee_le: null as string | null,
  lien_expire_le: '2026-12-31T00:00:00.000Z',
  objet: 'Acompte BDC-2026-00004 — Châssis PVC',
  beneficiaire: 'Menuiserie Demo SRL',
  iban: 'BE68 5390 0754 7034',
  bic: 'GKCCBEBB',
  qr_data_url: null as string | null,
}
const societe = { nom: 'Menuiserie Demo SRL', email: null, telephone: null, logo: null }

function render(statut: 'envoyee' | 'payee' | 'annulee', extra: Partial<typeof base> = {}) {
  const paiement = { ...base, statut, ...extra } as never
  return renderToStaticMarkup(
    <PublicDemandePaiement paiement={paiement} societe={societe} message={null} />
  )
}

describe('Public payment page', () => {
  it('asks to pay while the request is open', () => {
    const html = render('envoyee', { qr_data_url: 'data:image/png;base64,AAAA' })
    expect(html).toContain('Merci d’effectuer le virement')
    expect(html).toContain('BE68 5390 0754 7034')
    expect(html).toContain('+++260/0000/01234+++')
    expect(html).toContain('data-testid="paiement-qr"')
  })

  it('once paid: says so and asks nothing more', () => {
    const html = render('payee', { payee_le: '2026-11-20T10:00:00.000Z' })
    expect(html).toContain('Payée le 20/11/2026')
    expect(html).toContain('Montant payé')
    expect(html).not.toContain('Merci d’effectuer le virement')
    expect(html).not.toContain('BE68 5390 0754 7034')
    expect(html).not.toContain('+++260/0000/01234+++')
    expect(html).not.toContain('paiement-qr')
  })

  it('cancelled: tells the customer not to pay and gives no bank details', () => {
    const html = render('annulee')
    expect(html).toContain('ne la payez pas')
    expect(html).not.toContain('BE68 5390 0754 7034')
  })
})
