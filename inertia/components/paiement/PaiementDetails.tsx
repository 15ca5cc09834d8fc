/*
 * What a payment needs (both the esi page and the customer's page): amount, beneficiary, IBAN,
 * BIC, structured communication and the EPC QR code a banking app scans.
 */
import type { Data } from '~generated/data'
import { formatEuros } from '@shared/totals'
import { formatDate } from '../../lib/format.js'

export default function PaiementDetails({
  paiement,
  customer = false,
}: {
  paiement: Data.DemandePaiement.Variants['forPublic']
  /** The customer's page: once paid or cancelled, nothing there reads as « pay this ». */
  customer?: boolean
}) {
  const payee = paiement.statut === 'payee'
  const annulee = paiement.statut === 'annulee'
  const bankDetails = !customer || paiement.statut === 'envoyee'
  return (
    <div className="row g-4 align-items-center">
      <div className="col-md-7">
        {payee && (
          <div className="alert alert-success" role="status" data-testid="paiement-payee">
            <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
            {paiement.payee_le ? `Payée le ${formatDate(paiement.payee_le)}.` : 'Payée.'} Merci !
          </div>
        )}
        {annulee && (
          <div className="alert alert-warning" role="status" data-testid="paiement-annulee">
            <i className="bi bi-x-circle-fill me-1" aria-hidden="true" />
            Cette demande de paiement est annulée : ne la payez pas. Si vous avez déjà fait le
            virement, contactez-nous pour le remboursement.
          </div>
        )}
        <dl className="row mb-0" data-testid="paiement-details">
          <dt className="col-sm-5 fw-normal text-body-secondary">
            {payee && customer ? 'Montant payé' : 'Montant'}
          </dt>
          <dd className="col-sm-7 fs-4 fw-bold">{formatEuros(paiement.montant)}</dd>
          <dt className="col-sm-5 fw-normal text-body-secondary">Bénéficiaire</dt>
          <dd className="col-sm-7">{paiement.beneficiaire}</dd>
          {bankDetails && (
            <>
              <dt className="col-sm-5 fw-normal text-body-secondary">IBAN</dt>
              <dd className="col-sm-7 font-monospace text-nowrap">{paiement.iban}</dd>
              {paiement.bic && (
                <>
                  <dt className="col-sm-5 fw-normal text-body-secondary">BIC</dt>
                  <dd className="col-sm-7 font-monospace">{paiement.bic}</dd>
                </>
              )}
              <dt className="col-sm-5 fw-normal text-body-secondary">Communication structurée</dt>
              <dd className="col-sm-7 font-monospace fw-semibold text-nowrap">
                {paiement.communication}
              </dd>
            </>
          )}
          <dt className="col-sm-5 fw-normal text-body-secondary">Objet</dt>
          <dd className="col-sm-7 mb-0">{paiement.objet}</dd>
        </dl>
      </div>
      <div className="col-md-5 text-center">
        {paiement.qr_data_url && !payee && !annulee ? (
          <figure className="mb-0">
            <img
              src={paiement.qr_data_url}
              alt="Code QR de virement (EPC) : montant, IBAN et communication pré-remplis"
              width={220}
              height={220}
              className="img-fluid border rounded bg-white p-1"
              data-testid="paiement-qr"
            />
            <figcaption className="small text-body-secondary mt-2">
              Scannez ce code avec l’application de votre banque : le virement est pré-rempli.
            </figcaption>
          </figure>
        ) : (
          !payee &&
          !annulee && (
            <p className="small text-body-secondary">
              Code QR indisponible : utilisez les coordonnées ci-contre.
            </p>
          )
        )}
      </div>
    </div>
  )
}
