import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import GuestSimpleLayout from '../../layouts/GuestSimpleLayout.js'
import CustomerPayment from '../../components/paiement/CustomerPayment.js'
import type { Data } from '~generated/data'

export type PublicDemandePaiementProps = {
  /** Null when the link is expired, altered or unknown (nothing else is sent then). */
  paiement: Data.DemandePaiement.Variants['forPublic'] | null
  societe: {
    nom: string
    email: string | null
    telephone: string | null
    logo: string | null
  } | null
  message: string | null
}

/** The customer's payment page, opened from the e-mail's signed link without an account. */
export default function PublicDemandePaiement({
  paiement,
  societe,
  message,
}: PublicDemandePaiementProps) {
  return (
    <>
      <Head title={paiement ? `Demande de paiement ${paiement.numero}` : 'Lien de paiement'}>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
      </Head>
      <div
        className="min-vh-100 w-100 d-flex align-items-center justify-content-center px-3 py-5"
        style={{ minWidth: 0 }}
      >
        <div className="w-100" style={{ maxWidth: 760, minWidth: 0 }}>
          {!paiement ? (
            <div className="block block-rounded text-center p-5" data-testid="paiement-invalide">
              <i className="bi bi-link-45deg display-4 text-warning" aria-hidden="true" />
              <h1 className="h3 fw-bold mt-3">Lien de paiement</h1>
              <p className="lead text-body-secondary mb-0">{message}</p>
            </div>
          ) : (
            <div className="block block-rounded">
              <div className="block-header border-bottom">
                <div className="d-flex align-items-center gap-3">
                  {societe?.logo && (
                    <img src={societe.logo} alt="" style={{ maxHeight: 56, maxWidth: 160 }} />
                  )}
                  <span className="fw-bold fs-5">{societe?.nom}</span>
                </div>
              </div>
              <div className="block-content pb-4">
                <h1 className="h3 fw-bold mb-1">Demande de paiement {paiement.numero}</h1>
                <CustomerPayment paiement={paiement} societe={societe} />
              </div>
            </div>
          )}
        </div>
      </div>
    </>
  )
}

PublicDemandePaiement.layout = (page: ReactNode) => <GuestSimpleLayout>{page}</GuestSimpleLayout>
