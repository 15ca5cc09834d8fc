/*
 * A devis brought by a partner's offre (decision 187): where it comes from, that the client pays
 * the catalogue prices, and the partner's commission on the live total HT — staff information,
 * shown under the totals, never printed on the customer's documents.
 */
import { Link } from '@inertiajs/react'
import { route } from '~/lib/route'
import { formatEuros } from '@shared/totals'
import { commissionLabel } from '@shared/offres'
import type { DevisPartenaire } from '@shared/devis_editor'

export default function PartnerCommission({
  partenaire,
  totalHt,
}: {
  partenaire: DevisPartenaire
  totalHt: number
}) {
  const { offre, societe, commission_pct: pct } = partenaire
  return (
    <div className="alert alert-info small mt-3 mb-0" role="note" data-testid="partner-commission">
      {offre && (
        <p className="mb-1">
          <i className="bi bi-people me-1" aria-hidden="true" />
          Devis issu de l’offre{' '}
          <Link href={route('partner.offres.preview', { id: offre.id })} className="alert-link">
            {offre.numero ?? `n° ${offre.id}`}
          </Link>{' '}
          de {societe}&nbsp;: prix catalogue appliqués au client ; l’offre du partenaire totalisait{' '}
          {formatEuros(offre.total_ht)} HT.
        </p>
      )}
      {pct !== null ? (
        <p className="mb-1 fw-semibold" data-testid="commission-line">
          {commissionLabel(societe, pct, totalHt)}
        </p>
      ) : (
        <p className="mb-1">Apporteur {societe} : taux de commission non enregistré.</p>
      )}
      <p className="mb-0 text-body-secondary">
        Information interne : elle n’apparaît ni sur le PDF ni sur l’aperçu du client.
      </p>
    </div>
  )
}
