/*
 * What the customer's pages (a demande de paiement, an issued facture) show to pay: the request
 * while it is open, the payment details (PaiementDetails, customer side) and how to reach the
 * company. One block for both public pages.
 */
import PaiementDetails from './PaiementDetails.js'
import type { Data } from '~generated/data'

export default function CustomerPayment({
  paiement,
  societe,
}: {
  paiement: Data.DemandePaiement.Variants['forPublic']
  societe: { email: string | null; telephone: string | null } | null
}) {
  return (
    <>
      {paiement.statut === 'envoyee' && (
        <p className="text-body-secondary">
          Merci d’effectuer le virement ci-dessous avec la communication structurée indiquée (ou en
          scannant le code QR).
        </p>
      )}
      <PaiementDetails paiement={paiement} customer />
      {(societe?.email || societe?.telephone) && (
        <p className="small text-body-secondary mt-4 mb-0">
          Une question ? Contactez-nous
          {societe.telephone && <> au {societe.telephone}</>}
          {societe.email && (
            <>
              {' '}
              ou à <a href={`mailto:${societe.email}`}>{societe.email}</a>
            </>
          )}
          .
        </p>
      )}
    </>
  )
}
