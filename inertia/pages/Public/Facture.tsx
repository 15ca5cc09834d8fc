import { Fragment, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import GuestSimpleLayout from '../../layouts/GuestSimpleLayout.js'
import CustomerPayment from '../../components/paiement/CustomerPayment.js'
import { formatDate } from '../../lib/format.js'
import { FACTURE_STATUT_LABELS, type FactureStatut } from '@shared/factures'
import { formatEuros, type VatGroup } from '@shared/totals'
import { formatQuantiteUnite } from '@shared/produits'

type PublicLigne = {
  type: string
  designation: string
  quantite: string | null
  unite: string | null
  prix_unitaire_ht: number | null
  taux_tva: number | null
  total_ht: number | null
}

export type PublicFactureProps = {
  /** Null when the link is expired, altered or unknown (nothing else is sent then). */
  facture: {
    numero: string
    date: string | null
    echeance: string | null
    objet: string
    statut: FactureStatut
    en_retard: boolean
    client_nom: string
    lignes: PublicLigne[]
    total_ht: number
    total_tva: number
    total_ttc: number
    tva: VatGroup[]
    montant_paye: number
    montant_credite: number
    reste: number
    paiement: Parameters<typeof CustomerPayment>[0]['paiement']
  } | null
  societe: { nom: string; email: string | null; telephone: string | null } | null
  message: string | null
  /** The signed link of its PDF (a Factur-X for a French client). */
  pdf_url?: string | null
}

/** The customer's page of an issued facture (decision 234), opened from its signed link. */
export default function PublicFacture({
  facture,
  societe,
  message,
  pdf_url: pdfUrl = null,
}: PublicFactureProps) {
  return (
    <>
      <Head title={facture ? `Facture ${facture.numero}` : 'Lien de facture'}>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
      </Head>
      <div
        className="min-vh-100 w-100 d-flex align-items-center justify-content-center px-3 py-5"
        style={{ minWidth: 0 }}
      >
        <div className="w-100" style={{ maxWidth: 900, minWidth: 0 }}>
          {!facture ? (
            <div className="block block-rounded text-center p-5" data-testid="facture-invalide">
              <i className="bi bi-link-45deg display-4 text-warning" aria-hidden="true" />
              <h1 className="h3 fw-bold mt-3">Lien de facture</h1>
              <p className="lead text-body-secondary mb-0">{message}</p>
            </div>
          ) : (
            <div className="block block-rounded">
              <div className="block-header border-bottom">
                <span className="fw-bold fs-5">{societe?.nom}</span>
              </div>
              <div className="block-content pb-4">
                <h1 className="h3 fw-bold mb-1">
                  Facture {facture.numero}{' '}
                  <span className="badge text-bg-secondary fs-6" data-testid="facture-statut">
                    {FACTURE_STATUT_LABELS[facture.statut]}
                  </span>
                  {facture.en_retard && (
                    <span className="badge text-bg-danger fs-6 ms-1">En retard</span>
                  )}
                </h1>
                <p className="text-body-secondary">
                  {facture.client_nom} — {facture.objet}
                  <br />
                  Date : {formatDate(facture.date)} · Échéance : {formatDate(facture.echeance)}
                </p>
                {pdfUrl && (
                  <p>
                    <a
                      href={pdfUrl}
                      className="btn btn-alt-primary"
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="facture-pdf"
                    >
                      <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                      Télécharger la facture (PDF)
                    </a>
                  </p>
                )}
                <div className="table-responsive">
                  <table className="table table-sm align-middle">
                    <caption className="visually-hidden">Lignes de la facture</caption>
                    <thead>
                      <tr>
                        <th scope="col">Désignation</th>
                        <th scope="col" className="text-end">
                          Quantité
                        </th>
                        {/* On a phone: designation, quantity and total (the rest is in the PDF) */}
                        <th scope="col" className="text-end d-none d-sm-table-cell">
                          Prix unitaire HT
                        </th>
                        <th scope="col" className="text-end d-none d-sm-table-cell">
                          TVA
                        </th>
                        <th scope="col" className="text-end">
                          Total HT
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {facture.lignes.map((l, i) =>
                        l.type === 'produit' ? (
                          <tr key={i}>
                            <td style={{ whiteSpace: 'pre-line' }}>{l.designation}</td>
                            <td className="text-end text-nowrap">
                              {formatQuantiteUnite(l.quantite, l.unite)}
                            </td>
                            <td className="text-end text-nowrap d-none d-sm-table-cell">
                              {formatEuros(l.prix_unitaire_ht ?? 0)}
                            </td>
                            <td className="text-end text-nowrap d-none d-sm-table-cell">
                              {l.taux_tva}&nbsp;%
                            </td>
                            <td className="text-end text-nowrap">{formatEuros(l.total_ht ?? 0)}</td>
                          </tr>
                        ) : l.type === 'sous_total' ? null : (
                          <tr key={i}>
                            <td
                              colSpan={5}
                              className={
                                l.type === 'section' ? 'fw-semibold' : 'text-body-secondary'
                              }
                              style={{ whiteSpace: 'pre-line' }}
                            >
                              {l.designation}
                            </td>
                          </tr>
                        )
                      )}
                    </tbody>
                  </table>
                </div>
                <dl className="row mx-0 justify-content-end mb-4" data-testid="facture-totaux">
                  <dt className="col-7 col-md-4 fw-normal text-body-secondary">Total HT</dt>
                  <dd className="col-5 col-md-3 text-end">{formatEuros(facture.total_ht)}</dd>
                  {facture.tva.map((g) => (
                    <Fragment key={g.taux_tva}>
                      <dt className="col-7 col-md-4 fw-normal text-body-secondary">
                        TVA {g.taux_tva}&nbsp;% sur {formatEuros(g.base_ht)}
                      </dt>
                      <dd className="col-5 col-md-3 text-end">{formatEuros(g.tva)}</dd>
                    </Fragment>
                  ))}
                  <dt className="col-7 col-md-4">Total TTC</dt>
                  <dd className="col-5 col-md-3 text-end fw-bold">
                    {formatEuros(facture.total_ttc)}
                  </dd>
                  {facture.montant_paye > 0 && (
                    <>
                      <dt className="col-7 col-md-4 fw-normal text-body-secondary">Déjà payé</dt>
                      <dd className="col-5 col-md-3 text-end">
                        {formatEuros(facture.montant_paye)}
                      </dd>
                    </>
                  )}
                  {facture.montant_credite > 0 && (
                    <>
                      <dt className="col-7 col-md-4 fw-normal text-body-secondary">
                        Notes de crédit
                      </dt>
                      <dd className="col-5 col-md-3 text-end">
                        {formatEuros(facture.montant_credite)}
                      </dd>
                    </>
                  )}
                  <dt className="col-7 col-md-4">Reste à payer</dt>
                  <dd className="col-5 col-md-3 text-end fw-bold" data-testid="facture-reste">
                    {formatEuros(facture.reste)}
                  </dd>
                </dl>
                <CustomerPayment paiement={facture.paiement} societe={societe} />
              </div>
            </div>
          )}
        </div>
      </div>
    </>
  )
}

PublicFacture.layout = (page: ReactNode) => <GuestSimpleLayout>{page}</GuestSimpleLayout>
