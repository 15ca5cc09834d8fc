import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import { route } from '../../../../lib/route.js'
import { formatDate } from '../../../../lib/format.js'
import { AGING_BUCKET_LABELS, retardLabel, type CreanceFactureItem } from '@shared/creances'
import { formatEuros } from '@shared/totals'

export type CreanceClientProps = {
  client: { id: number; nom: string; numero_tva: string | null }
  factures: CreanceFactureItem[]
  /** Payments not allocated yet: deducted from what the factures ask. */
  credit: number
  today: string
}

/** One client's open factures, oldest due date first (a click on the créances page). */
export default function CreanceClient({ client, factures, credit, today }: CreanceClientProps) {
  const total = factures.reduce((sum, f) => sum + f.reste, 0)
  return (
    <>
      <Head title={`Créances — ${client.nom}`} />
      <PageHeader
        title={client.nom}
        subtitle={`Factures ouvertes au ${formatDate(today)}`}
        breadcrumb={[
          { label: 'Comptabilité' },
          { label: 'Créances', href: route('esi.compta.creance') },
          { label: client.nom },
        ]}
        actions={
          <Link
            className="btn btn-alt-secondary"
            href={route('esi.customers.show', { id: client.id })}
          >
            <i className="bi bi-person me-1" aria-hidden="true" />
            Fiche client
          </Link>
        }
      />
      <div className="content">
        <Block title="Factures ouvertes">
          {factures.length === 0 ? (
            <p className="text-body-secondary" data-testid="creance-client-vide">
              Aucune facture ouverte : ce client ne doit rien.
              {credit > 0 && ` Il dispose d’un crédit de ${formatEuros(credit)}.`}
            </p>
          ) : (
            <div className="table-responsive">
              <table className="table table-striped table-vcenter">
                <caption className="visually-hidden">Factures ouvertes de {client.nom}</caption>
                <thead>
                  <tr>
                    <th scope="col">Numéro</th>
                    <th scope="col">Date</th>
                    <th scope="col">Échéance</th>
                    <th scope="col" className="text-end">
                      Retard
                    </th>
                    <th scope="col">Tranche</th>
                    <th scope="col" className="text-end">
                      Total TTC
                    </th>
                    <th scope="col" className="text-end">
                      Reste dû
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {factures.map((f) => (
                    <tr key={f.id}>
                      <td>
                        <Link
                          href={route('esi.factures.show', { id: f.id })}
                          className="fw-semibold"
                        >
                          {f.numero}
                        </Link>
                      </td>
                      <td className="text-nowrap">{formatDate(f.date_facture)}</td>
                      <td className="text-nowrap">{formatDate(f.echeance)}</td>
                      <td
                        className={`text-end text-nowrap${f.jours_retard > 0 ? ' text-danger' : ''}`}
                      >
                        {retardLabel(f.jours_retard)}
                      </td>
                      <td className="text-nowrap">{AGING_BUCKET_LABELS[f.bucket]}</td>
                      <td className="text-end text-nowrap">{formatEuros(f.total_ttc)}</td>
                      <td className="text-end text-nowrap fw-semibold">{formatEuros(f.reste)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={6} className={credit ? 'fw-normal' : undefined}>
                      {credit ? 'Total des factures' : 'Total dû'}
                    </th>
                    <td
                      className={`text-end text-nowrap${credit ? '' : ' fw-bold'}`}
                      data-testid={credit ? undefined : 'creance-client-solde'}
                    >
                      {formatEuros(total)}
                    </td>
                  </tr>
                  {credit > 0 && (
                    <>
                      <tr>
                        <th scope="row" colSpan={6} className="fw-normal">
                          Crédit du client (paiements non alloués)
                        </th>
                        <td className="text-end text-nowrap text-success-emphasis">
                          −&nbsp;{formatEuros(credit)}
                        </td>
                      </tr>
                      <tr>
                        <th scope="row" colSpan={6}>
                          Solde dû
                        </th>
                        <td
                          className="text-end text-nowrap fw-bold"
                          data-testid="creance-client-solde"
                        >
                          {formatEuros(total - credit)}
                        </td>
                      </tr>
                    </>
                  )}
                </tfoot>
              </table>
            </div>
          )}
        </Block>
      </div>
    </>
  )
}
